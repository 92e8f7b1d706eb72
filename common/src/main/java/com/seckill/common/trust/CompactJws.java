package com.seckill.common.trust;

import com.nimbusds.jose.util.Base64URL;
import java.util.regex.Pattern;

/**
 * The one spelling of a compact JWS that the platform accepts (RFC 7515 §7.1): three base64url parts without
 * padding, joined by dots, the signature spelt as its bytes encode. A base64 decoder forgives padding and set
 * low bits, so {@code sig}, {@code sig=} and a {@code sig} with its last character nudged would all verify: a
 * token, path or admission that is one value must have one spelling (a log, a blacklist or a dedupe keyed by
 * the text sees one value).
 */
public final class CompactJws {

    static final Pattern SHAPE = Pattern.compile("[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+");

    private CompactJws() {
    }

    public static boolean isOneSpelling(String compact) {
        if (compact == null || !SHAPE.matcher(compact).matches()) {
            return false;
        }
        String signature = compact.substring(compact.lastIndexOf('.') + 1);
        return Base64URL.encode(new Base64URL(signature).decode()).toString().equals(signature);
    }
}
