package com.seckill.loadtest.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** A generated part of a document: what stands between its two markers is replaced, the rest kept. */
final class MarkedSection {

    private MarkedSection() {
    }

    /** {@code block} begins with {@code begin} and ends with {@code end}; appended when the document has no such part. */
    static void write(Path doc, String begin, String end, String block) throws IOException {
        String text = Files.exists(doc) ? Files.readString(doc) : "# Performance\n";
        int from = text.indexOf(begin);
        int to = text.indexOf(end);
        text = from >= 0 && to > from ? text.substring(0, from) + block + text.substring(to + end.length())
                : text + "\n" + block + "\n";
        Files.createDirectories(doc.toAbsolutePath().getParent());
        Files.writeString(doc, text, StandardCharsets.UTF_8);
    }
}
