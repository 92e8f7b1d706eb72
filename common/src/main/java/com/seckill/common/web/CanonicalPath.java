package com.seckill.common.web;

/**
 * The one spelling of a request path that the gateway and the services decide on (contract §9).
 * Routing and the controllers match decoded paths while filters read raw ones, so a path that
 * decodes or normalises into something else ({@code /%61pi/admin}, {@code /api/seckill/../admin},
 * {@code /api//admin}, {@code /api;x/admin}) would be judged as one path and served as another. No
 * path of this API needs an escape, so the canonical form has none: a canonical path is its own
 * decoded, normalised form, and every other spelling is refused before anything looks at it.
 */
public final class CanonicalPath {

    /** Longer than any path this API serves; bounds the work spent on a hostile one. */
    public static final int MAX_LENGTH = 2048;

    private CanonicalPath() {
    }

    /**
     * @param rawPath the path exactly as received (still percent-encoded, without the query)
     * @return whether it starts with {@code /} and has only unreserved characters and the
     *         sub-delimiters of RFC 3986 (no {@code %}, no {@code ;}, no backslash, nothing outside
     *         ASCII), no empty segment ({@code //}) and no dot segment
     */
    public static boolean isCanonical(String rawPath) {
        if (rawPath == null || rawPath.isEmpty() || rawPath.length() > MAX_LENGTH || rawPath.charAt(0) != '/') {
            return false;
        }
        int segmentStart = 1;
        for (int i = 1; i <= rawPath.length(); i++) {
            if (i == rawPath.length() || rawPath.charAt(i) == '/') {
                int length = i - segmentStart;
                boolean last = i == rawPath.length();
                if (length == 0 && !last || isDotSegment(rawPath, segmentStart, length)) {
                    return false;
                }
                segmentStart = i + 1;
            } else if (!isPathChar(rawPath.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private static boolean isDotSegment(String path, int start, int length) {
        return length == 1 && path.charAt(start) == '.'
                || length == 2 && path.charAt(start) == '.' && path.charAt(start + 1) == '.';
    }

    /** pchar of RFC 3986 without pct-encoded and without ';' (matrix parameters). */
    private static boolean isPathChar(char c) {
        if (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
            return true;
        }
        return switch (c) {
            case '-', '.', '_', '~', '!', '$', '&', '\'', '(', ')', '*', '+', ',', '=', ':', '@' -> true;
            default -> false;
        };
    }
}
