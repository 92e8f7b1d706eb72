package com.seckill.common.trust;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;
import java.util.OptionalLong;

/**
 * What the waiting room hands a shopper (DESIGN.md §11), signed with the platform's key for one user
 * and one activity, so that it can be checked without Redis:
 * <ul>
 *   <li>an <b>admission</b>: the shopper may ask for a purchase path until its expiry; the gateway
 *       checks it on {@code POST /api/seckill/{aid}/token} ({@code X-Seckill-Admission}), and so does
 *       seckill-service;</li>
 *   <li>a <b>ticket</b>: the shopper's join number, given back on every poll, so that a place survives
 *       a Redis that lost it.</li>
 * </ul>
 * Layout (URL-safe base64): the number (8 bytes: expiry in epoch seconds, or the join number), the
 * first 16 bytes of HMAC-SHA256(kind | activity | user | number).
 */
public final class QueueTokens {

    /** Request header carrying the admission. */
    public static final String ADMISSION_HEADER = "X-Seckill-Admission";
    /** Request header carrying the ticket on polls. */
    public static final String TICKET_HEADER = "X-Seckill-Ticket";

    private static final int NUMBER = 8;
    private static final int MAC = 16;
    private static final byte[] ADMISSION = "seckill-admission".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] TICKET = "seckill-ticket".getBytes(StandardCharsets.US_ASCII);
    private static final Base64.Encoder BASE64 = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder UNBASE64 = Base64.getUrlDecoder();
    private static final int ENCODED_LENGTH = ((NUMBER + MAC) * 8 + 5) / 6;

    private final InternalTokens key;

    public QueueTokens(InternalTokens key) {
        this.key = key;
    }

    public String admission(long activityId, long userId, Instant expiresAt) {
        return sign(ADMISSION, activityId, userId, expiresAt.getEpochSecond());
    }

    /** Whether the admission was given to this user for this activity and has not expired. */
    public boolean isAdmitted(String admission, long activityId, long userId, Instant now) {
        OptionalLong expiry = verify(ADMISSION, admission, activityId, userId);
        return expiry.isPresent() && now.getEpochSecond() <= expiry.getAsLong();
    }

    public String ticket(long activityId, long userId, long joinNumber) {
        return sign(TICKET, activityId, userId, joinNumber);
    }

    /** The join number a ticket was signed with, for this user and activity; empty when it is not ours. */
    public OptionalLong joinNumber(String ticket, long activityId, long userId) {
        return verify(TICKET, ticket, activityId, userId);
    }

    private String sign(byte[] kind, long activityId, long userId, long number) {
        byte[] token = ByteBuffer.allocate(NUMBER + MAC).putLong(number).put(mac(kind, activityId, userId, number)).array();
        return BASE64.encodeToString(token);
    }

    private OptionalLong verify(byte[] kind, String token, long activityId, long userId) {
        if (token == null || token.length() != ENCODED_LENGTH) {
            return OptionalLong.empty();
        }
        byte[] bytes;
        try {
            bytes = UNBASE64.decode(token);
        } catch (IllegalArgumentException e) {
            return OptionalLong.empty();
        }
        if (bytes.length != NUMBER + MAC || !BASE64.encodeToString(bytes).equals(token)) {
            return OptionalLong.empty();
        }
        long number = ByteBuffer.wrap(bytes).getLong();
        boolean ours = MessageDigest.isEqual(mac(kind, activityId, userId, number), Arrays.copyOfRange(bytes, NUMBER, NUMBER + MAC));
        return ours ? OptionalLong.of(number) : OptionalLong.empty();
    }

    private byte[] mac(byte[] kind, long activityId, long userId, long number) {
        ByteBuffer input = ByteBuffer.allocate(kind.length + 3 * Long.BYTES).put(kind).putLong(activityId).putLong(userId).putLong(number);
        return Arrays.copyOf(key.mac(input.array()), MAC);
    }
}
