package com.seckill.common.trust;

/**
 * The one spelling of a compact JWS that the platform accepts (RFC 7515 §7.1): three base64url parts without
 * padding, joined by dots, the signature spelt as its bytes encode. A base64 decoder forgives padding and set
 * low bits, so {@code sig}, {@code sig=} and a {@code sig} with its last character nudged would all verify: a
 * token, path or admission that is one value must have one spelling (a log, a blacklist or a dedupe keyed by
 * the text sees one value).
 * <p>
 * Checked by hand, one pass over the characters: every request that carries a token pays for this check (the
 * gateway's and each inner service's), and a regular expression plus a decode and re-encode of the signature
 * was 2 % of an inner service's CPU under a purchase crowd (docs/PERFORMANCE.md).
 */
public final class CompactJws {

    private CompactJws() {
    }

    public static boolean isOneSpelling(String compact) {
        if (compact == null) {
            return false;
        }
        int first = compact.indexOf('.');
        int second = first < 0 ? -1 : compact.indexOf('.', first + 1);
        int end = compact.length();
        if (first < 1 || second < first + 2 || second > end - 2 || compact.indexOf('.', second + 1) >= 0) {
            return false;
        }
        for (int i = 0; i < end; i++) {
            if (i != first && i != second && value(compact.charAt(i)) < 0) {
                return false;
            }
        }
        return noSpareBits(compact, second + 1);
    }

    /** A character of a compact JWS: the base64url alphabet or the dot between parts (what a purchase path may hold). */
    public static boolean isTokenChar(char c) {
        return c == '.' || value(c) >= 0;
    }

    /**
     * The last character of an unpadded base64url part carries bits past the bytes it encodes when the part's
     * length is 2 or 3 modulo 4; spelt as an encoder spells it, those bits are zero. A length of 1 modulo 4
     * encodes no whole byte.
     */
    private static boolean noSpareBits(String text, int from) {
        int length = text.length() - from;
        int last = value(text.charAt(text.length() - 1));
        return switch (length % 4) {
            case 0 -> true;
            case 2 -> (last & 0x0F) == 0;
            case 3 -> (last & 0x03) == 0;
            default -> false;
        };
    }

    /** The six bits of a base64url character (RFC 4648 §5), or -1 for any other character. */
    private static int value(char c) {
        if (c >= 'A' && c <= 'Z') {
            return c - 'A';
        }
        if (c >= 'a' && c <= 'z') {
            return c - 'a' + 26;
        }
        if (c >= '0' && c <= '9') {
            return c - '0' + 52;
        }
        return c == '-' ? 62 : c == '_' ? 63 : -1;
    }
}
