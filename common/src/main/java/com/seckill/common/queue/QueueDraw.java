package com.seckill.common.queue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The fair start (contract §11, rule 1): the {@code n} shoppers who joined before the start get the
 * places 1..n in an order drawn from {@code seed}, a pseudorandom permutation of their join numbers
 * (a four-round Feistel network keyed by the seed, cycle-walked down to [0, n)). It needs nothing but
 * the seed, n and a join number, so a place is the same on every instance, after a Redis restart, and
 * for anyone who audits the draw with the seed the admins are shown.
 */
public final class QueueDraw {

    private static final int ROUNDS = 4;
    private static final String ALGORITHM = "HmacSHA256";

    private QueueDraw() {
    }

    /** The place (1..n) of the shopper who joined {@code joinNumber}-th (1..n) before the start. */
    public static long place(String seed, long n, long joinNumber) {
        if (n <= 0 || joinNumber < 1 || joinNumber > n) {
            throw new IllegalArgumentException("join number " + joinNumber + " outside 1.." + n);
        }
        int halfBits = Math.max(1, (64 - Long.numberOfLeadingZeros(n - 1) + 1) / 2);
        long mask = (1L << halfBits) - 1;
        Mac mac = mac(seed);
        long x = joinNumber - 1;
        do {
            x = permute(mac, x, halfBits, mask);
        } while (x >= n); // cycle-walking: a permutation of [0, 4^halfBits) restricted to [0, n)
        return x + 1;
    }

    private static long permute(Mac mac, long x, int halfBits, long mask) {
        long left = x >>> halfBits & mask;
        long right = x & mask;
        for (int round = 0; round < ROUNDS; round++) {
            long f = round(mac, round, right) & mask;
            long next = left ^ f;
            left = right;
            right = next;
        }
        return left << halfBits | right;
    }

    private static long round(Mac mac, int round, long half) {
        byte[] out = mac.doFinal(ByteBuffer.allocate(Integer.BYTES + Long.BYTES).putInt(round).putLong(half).array());
        return ByteBuffer.wrap(out).getLong();
    }

    private static Mac mac(String seed) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(new SecretKeySpec(seed.getBytes(StandardCharsets.UTF_8), ALGORITHM));
            return mac;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HMAC-SHA256 unavailable", e);
        }
    }
}
