package com.seckill.gateway.queue;

/**
 * A waiting room's figures as Redis held them at {@code readAt} (epoch ms): admissions a second, paused, the
 * draw's seed, how many joined, how many were drawn at the start (null before it), the serving position and
 * the units left (null before the sale's warm-up).
 */
record RoomFigures(long rate, boolean paused, String seed, long joined, Long drawn, long serving, Long stock, long readAt) {

    /** The figures of the look script's answer ({@code rate,paused,seed,joined,drawn,serving,stock}), null for none. */
    static RoomFigures parse(String answer, long readAt) {
        if (answer == null || answer.isEmpty()) {
            return null;
        }
        String[] f = answer.split(",", -1);
        if (f.length != 7 || f[2].isEmpty()) {
            throw new IllegalArgumentException("Unexpected waiting-room figures: " + answer);
        }
        return new RoomFigures(Long.parseLong(f[0]), "1".equals(f[1]), f[2], Long.parseLong(f[3]),
                f[4].isEmpty() ? null : Long.valueOf(f[4]), Long.parseLong(f[5]), f[6].isEmpty() ? null : Long.valueOf(f[6]), readAt);
    }
}
