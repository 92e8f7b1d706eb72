package com.seckill.common.trust;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;

/**
 * The one-time purchase path (DESIGN.md §4-5): random, and signed with the platform's key for one
 * user, one activity and an expiry. seckill-service issues it and keeps it in
 * {@code seckill:{aid}:path:{uid}}; the gateway refuses a path that does not verify without a Redis
 * call or a downstream request; seckill-service verifies it again and consumes it in the purchase
 * script, so a purchase is accepted only on a path it issued and only once, whatever reached it.
 * <p>
 * Layout (38 URL-safe base64 characters): nonce (8 bytes), expiry (epoch seconds, unsigned, 4 bytes:
 * good until 2106), the first 16 bytes of HMAC-SHA256("seckill-path" | activity | user | nonce | expiry).
 */
public final class PurchasePaths {

    private static final int NONCE = 8;
    private static final int SECONDS = 4;
    private static final int MAC = 16;
    private static final int LENGTH = SECONDS + NONCE + MAC;
    private static final byte[] DOMAIN = "seckill-path".getBytes(StandardCharsets.US_ASCII);
    private static final Base64.Encoder BASE64 = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder UNBASE64 = Base64.getUrlDecoder();
    /** Encoded length of every path issued. */
    public static final int ENCODED_LENGTH = (LENGTH * 8 + 5) / 6;

    private final InternalTokens key;
    private final SecureRandom random = new SecureRandom();

    public PurchasePaths(InternalTokens key) {
        this.key = key;
    }

    public String issue(long activityId, long userId, Instant expiresAt) {
        byte[] path = new byte[LENGTH];
        byte[] nonce = new byte[NONCE];
        random.nextBytes(nonce);
        ByteBuffer.wrap(path).put(nonce).putInt((int) expiresAt.getEpochSecond());
        System.arraycopy(mac(activityId, userId, path), 0, path, NONCE + SECONDS, MAC);
        return BASE64.encodeToString(path);
    }

    /** Whether {@code path} was issued for this user and activity and has not expired; says nothing of its use. */
    public boolean verify(String path, long activityId, long userId, Instant now) {
        if (path == null || path.length() != ENCODED_LENGTH) {
            return false;
        }
        byte[] bytes;
        try {
            bytes = UNBASE64.decode(path);
        } catch (IllegalArgumentException e) {
            return false;
        }
        // one spelling only: base64's unused low bits must be zero, as issued
        if (bytes.length != LENGTH || !BASE64.encodeToString(bytes).equals(path)) {
            return false;
        }
        byte[] expected = mac(activityId, userId, bytes);
        byte[] given = Arrays.copyOfRange(bytes, NONCE + SECONDS, LENGTH);
        return MessageDigest.isEqual(expected, given)
                && now.getEpochSecond() <= Integer.toUnsignedLong(ByteBuffer.wrap(bytes, NONCE, SECONDS).getInt());
    }

    private byte[] mac(long activityId, long userId, byte[] path) {
        ByteBuffer input = ByteBuffer.allocate(DOMAIN.length + 2 * Long.BYTES + NONCE + SECONDS)
                .put(DOMAIN).putLong(activityId).putLong(userId).put(path, 0, NONCE + SECONDS);
        return Arrays.copyOf(key.mac(input.array()), MAC);
    }
}
