package com.seckill.common.trust;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.util.Base64URL;
import java.util.SplittableRandom;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class CompactJwsTest {

    /** The check as it was written before it was written by hand: a regular expression, then a decode and re-encode. */
    private static final Pattern SHAPE = Pattern.compile("[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+");
    private static final String ALPHABET = "ABCXYZabcxyz0189-_.=+/ \u00e9";
    private static final String BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

    private static boolean byTheBook(String compact) {
        if (compact == null || !SHAPE.matcher(compact).matches()) {
            return false;
        }
        String signature = compact.substring(compact.lastIndexOf('.') + 1);
        return Base64URL.encode(new Base64URL(signature).decode()).toString().equals(signature);
    }

    @Test
    void anIssuedTokenHasTheOneSpelling() {
        String token = new InternalTokens(InternalTokens.DEVELOPMENT_SECRET, true).forwarded(7L, false, "POST", "/api/x", java.time.Instant.now());
        assertThat(CompactJws.isOneSpelling(token)).isTrue();
    }

    @Test
    void otherSpellingsOfTheSameSignatureAreRefused() {
        assertThat(CompactJws.isOneSpelling("aa.bb.AA")).as("2 mod 4, spare bits zero").isTrue();
        assertThat(CompactJws.isOneSpelling("aa.bb.AB")).as("2 mod 4, a spare bit set").isFalse();
        assertThat(CompactJws.isOneSpelling("aa.bb.AAA")).as("3 mod 4, spare bits zero").isTrue();
        assertThat(CompactJws.isOneSpelling("aa.bb.AAB")).as("3 mod 4, a spare bit set").isFalse();
        assertThat(CompactJws.isOneSpelling("aa.bb.AAAAA")).as("1 mod 4 encodes no whole byte").isFalse();
        assertThat(CompactJws.isOneSpelling("aa.bb.AA==")).as("padding").isFalse();
        assertThat(CompactJws.isOneSpelling("aa.bb.")).as("no signature").isFalse();
        assertThat(CompactJws.isOneSpelling(".bb.AA")).isFalse();
        assertThat(CompactJws.isOneSpelling("aa..AA")).isFalse();
        assertThat(CompactJws.isOneSpelling("aa.bb.cc.AA")).isFalse();
        assertThat(CompactJws.isOneSpelling("aa.b+.AA")).isFalse();
        assertThat(CompactJws.isOneSpelling(null)).isFalse();
    }

    @Test
    void agreesWithTheRegularExpressionAndTheRoundTripOnRandomText() {
        SplittableRandom random = new SplittableRandom(46);
        int valid = 0;
        for (int n = 0; n < 200_000; n++) {
            String candidate = n % 2 == 0 ? text(random, ALPHABET, random.nextInt(1, 14)) : nearlyAToken(random);
            boolean expected = byTheBook(candidate);
            valid += expected ? 1 : 0;
            assertThat(CompactJws.isOneSpelling(candidate)).as(candidate).isEqualTo(expected);
        }
        assertThat(valid).as("the sample holds valid spellings too").isGreaterThan(10_000);
    }

    private static String nearlyAToken(SplittableRandom random) {
        StringBuilder token = new StringBuilder(text(random, BASE64URL, random.nextInt(1, 5))).append('.')
                .append(text(random, BASE64URL, random.nextInt(1, 5))).append('.').append(text(random, BASE64URL, random.nextInt(0, 7)));
        if (random.nextInt(4) == 0 && !token.isEmpty()) {
            token.setCharAt(random.nextInt(token.length()), ALPHABET.charAt(random.nextInt(ALPHABET.length())));
        }
        return token.toString();
    }

    private static String text(SplittableRandom random, String alphabet, int length) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < length; i++) {
            text.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return text.toString();
    }

    @Test
    void tokenCharactersAreTheBase64UrlAlphabetAndTheDot() {
        assertThat("AZaz09-_.".chars().allMatch(c -> CompactJws.isTokenChar((char) c))).isTrue();
        assertThat("=+/ %\u00e9".chars().noneMatch(c -> CompactJws.isTokenChar((char) c))).isTrue();
    }
}
