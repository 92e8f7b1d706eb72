package com.seckill.seckill.activity;

import java.security.SecureRandom;
import java.util.HexFormat;

/** The seed of a waiting room's draw: 128 random bits, chosen when the activity is created. */
final class QueueSeeds {

    private static final SecureRandom RANDOM = new SecureRandom();

    private QueueSeeds() {
    }

    static String next() {
        byte[] seed = new byte[16];
        RANDOM.nextBytes(seed);
        return HexFormat.of().formatHex(seed);
    }
}
