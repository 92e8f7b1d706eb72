package com.seckill.loadtest.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/** An HTTP/1.1 answer read whole by the {@link Crowd}: its status, whether the server closes the connection after it, its body. */
record HttpAnswer(int status, boolean close, String body) {

    private static final byte[] HEADER_END = {'\r', '\n', '\r', '\n'};
    private static final byte[] LINE_END = {'\r', '\n'};
    private static final byte[] COLON = {':'};

    /** @return the answer in {@code data[0, length)}, or null while it is incomplete */
    static HttpAnswer parse(byte[] data, int length) throws IOException {
        int headerEnd = indexOf(data, 0, length, HEADER_END);
        if (headerEnd < 0) {
            return null;
        }
        if (headerEnd < 12 || data[0] != 'H' || data[8] != ' ') {
            throw new IOException("not an HTTP/1.1 answer");
        }
        int status = (data[9] - '0') * 100 + (data[10] - '0') * 10 + (data[11] - '0');
        long contentLength = -1;
        boolean chunked = false;
        boolean close = false;
        // the header fields, read in place: no string per line for the few hundred bytes of every answer
        for (int line = indexOf(data, 0, headerEnd, LINE_END) + LINE_END.length; line > 1 && line < headerEnd; ) {
            int end = indexOf(data, line, headerEnd, LINE_END);
            end = end < 0 ? headerEnd : end;
            int colon = indexOf(data, line, end, COLON);
            if (colon > 0) {
                if (named(data, line, colon, "content-length")) {
                    contentLength = Long.parseLong(value(data, colon, end));
                } else if (named(data, line, colon, "transfer-encoding")) {
                    chunked = value(data, colon, end).toLowerCase(Locale.ROOT).contains("chunked");
                } else if (named(data, line, colon, "connection")) {
                    close = value(data, colon, end).equalsIgnoreCase("close");
                }
            }
            line = end + LINE_END.length;
        }
        int bodyStart = headerEnd + HEADER_END.length;
        if (chunked) {
            return dechunk(data, bodyStart, length, status, close);
        }
        long bodyLength = Math.max(0, contentLength);
        if (length - bodyStart < bodyLength) {
            return null;
        }
        return new HttpAnswer(status, close, new String(data, bodyStart, (int) bodyLength, StandardCharsets.UTF_8));
    }

    private static HttpAnswer dechunk(byte[] data, int at, int length, int status, boolean close) throws IOException {
        StringBuilder body = new StringBuilder();
        while (true) {
            int lineEnd = indexOf(data, at, length, LINE_END);
            if (lineEnd < 0) {
                return null;
            }
            String sizeField = new String(data, at, lineEnd - at, StandardCharsets.US_ASCII);
            int extension = sizeField.indexOf(';');
            int size;
            try {
                size = Integer.parseInt((extension < 0 ? sizeField : sizeField.substring(0, extension)).strip(), 16);
            } catch (NumberFormatException e) {
                throw new IOException("bad chunk size: " + sizeField);
            }
            int chunk = lineEnd + 2;
            if (size == 0) {
                // no trailers are sent to the crowd: the last chunk is followed by the empty line
                return length - chunk >= 2 ? new HttpAnswer(status, close, body.toString()) : null;
            }
            if (length - chunk < size + 2) {
                return null;
            }
            body.append(new String(data, chunk, size, StandardCharsets.UTF_8));
            at = chunk + size + 2;
        }
    }

    /** Whether the field name in {@code data[from, to)} is {@code name} (lower case), in any case. */
    private static boolean named(byte[] data, int from, int to, String name) {
        if (to - from != name.length()) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            if (Character.toLowerCase((char) data[from + i]) != name.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** The value of the field whose colon is at {@code colon}, its line ending at {@code end}. */
    private static String value(byte[] data, int colon, int end) {
        return new String(data, colon + 1, end - colon - 1, StandardCharsets.US_ASCII).strip();
    }

    private static int indexOf(byte[] data, int from, int to, byte[] what) {
        outer:
        for (int i = from; i <= to - what.length; i++) {
            for (int j = 0; j < what.length; j++) {
                if (data[i + j] != what[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    /** A top-level string field of a small JSON body, or null. */
    String field(String name) {
        return LoadDriver.field(body, name);
    }
}
