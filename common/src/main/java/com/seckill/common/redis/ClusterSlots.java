package com.seckill.common.redis;

import java.nio.charset.StandardCharsets;

/**
 * The Redis Cluster slot of a key, as the Cluster specification defines it: CRC16 (XMODEM) of the key's hash tag
 * (the first non-empty {@code {...}}) or of the whole key, modulo 16384. Here rather than from a Redis client:
 * common carries no client library ({@code ArchitectureTest}); {@code ClusterSlotsTest} holds it to Lettuce's.
 */
final class ClusterSlots {

    static final int COUNT = 16384;

    private ClusterSlots() {
    }

    static int slot(String key) {
        int open = key.indexOf('{');
        if (open >= 0) {
            int close = key.indexOf('}', open + 1);
            if (close > open + 1) {
                key = key.substring(open + 1, close);
            }
        }
        int crc = 0;
        for (byte b : key.getBytes(StandardCharsets.UTF_8)) {
            crc ^= (b & 0xFF) << 8;
            for (int bit = 0; bit < 8; bit++) {
                crc = (crc & 0x8000) != 0 ? (crc << 1) ^ 0x1021 : crc << 1;
            }
        }
        return (crc & 0xFFFF) % COUNT;
    }
}
