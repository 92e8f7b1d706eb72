package com.seckill.seckill.purchase;

import com.seckill.common.redis.SeckillKeys;
import io.lettuce.core.cluster.SlotHash;
import io.lettuce.core.codec.CRC16;
import java.nio.charset.StandardCharsets;
import java.util.UUID;

/**
 * Request ids whose result key {@code seckill:result:{requestId}} lies in a chosen Redis Cluster slot: the slot of
 * the activity's bucket, so that the purchase script writes the QUEUED result in the call that takes the unit (a
 * script's keys must share one slot) instead of in a second round trip.
 * <p>
 * An id is a random UUID whose last six hex digits are each chosen among 0-7. Redis's slot is CRC16 (XMODEM: no
 * initial value, no final XOR) modulo 16384, and that CRC is linear over GF(2): flipping a bit of the key flips a
 * fixed set of CRC bits, whatever the other bits are. The 18 free bits of those six digits reach every one of the
 * 16384 slots (five digits would reach only half of them); the solution for each slot bit is worked out once, and an
 * id costs one CRC and a few XORs. The id keeps the UUID's shape ({@code [0-9a-f-]{36}}) and 98 random bits.
 */
public final class RequestIds {

    private static final int FREE_DIGITS = 6;
    private static final int BITS_PER_DIGIT = 3;
    private static final int SLOT_BITS = 14;
    private static final int SLOT_MASK = (1 << SLOT_BITS) - 1;
    /** PIVOTS[b]: a combination of free bits whose CRC's highest slot bit is b (row echelon form), or null. */
    private static final Pivot[] PIVOTS = echelon();

    private RequestIds() {
    }

    /** A new request id whose result key lies in the slot of {@code key} (a key of the bucket the purchase goes to). */
    public static String inSlotOf(String key) {
        return inSlot(SlotHash.getSlot(key));
    }

    static String inSlot(int slot) {
        char[] id = UUID.randomUUID().toString().toCharArray();
        int first = id.length - FREE_DIGITS;
        for (int i = first; i < id.length; i++) {
            id[i] = '0';
        }
        int now = CRC16.crc16((SeckillKeys.result("") + new String(id)).getBytes(StandardCharsets.US_ASCII)) & SLOT_MASK;
        int flips = solve(now ^ slot);
        for (int digit = 0; digit < FREE_DIGITS; digit++) {
            id[first + digit] = (char) ('0' + ((flips >>> (digit * BITS_PER_DIGIT)) & 7));
        }
        return new String(id);
    }

    /** The free bits to flip so that the slot bits in {@code change} flip and no other. */
    private static int solve(int change) {
        int left = change;
        int flips = 0;
        for (int bit = SLOT_BITS - 1; bit >= 0; bit--) {
            if ((left >>> bit & 1) == 1) {
                left ^= PIVOTS[bit].crc;
                flips ^= PIVOTS[bit].flips;
            }
        }
        return flips;
    }

    private record Pivot(int crc, int flips) {
    }

    private static Pivot[] echelon() {
        Pivot[] pivots = new Pivot[SLOT_BITS];
        for (int digit = 0; digit < FREE_DIGITS; digit++) {
            for (int bit = 0; bit < BITS_PER_DIGIT; bit++) {
                // the CRC of a key that is zero but for this bit: the digit is followed by FREE_DIGITS - 1 - digit bytes
                byte[] alone = new byte[FREE_DIGITS - digit];
                alone[0] = (byte) (1 << bit);
                insert(pivots, CRC16.crc16(alone) & SLOT_MASK, 1 << (digit * BITS_PER_DIGIT + bit));
            }
        }
        for (int bit = 0; bit < SLOT_BITS; bit++) {
            if (pivots[bit] == null) {
                throw new IllegalStateException("The free digits of a request id cannot reach slot bit " + bit);
            }
        }
        return pivots;
    }

    private static void insert(Pivot[] pivots, int crc, int flips) {
        for (int bit = SLOT_BITS - 1; bit >= 0; bit--) {
            if ((crc >>> bit & 1) == 0) {
                continue;
            }
            if (pivots[bit] == null) {
                pivots[bit] = new Pivot(crc, flips);
                return;
            }
            crc ^= pivots[bit].crc;
            flips ^= pivots[bit].flips;
        }
    }
}
