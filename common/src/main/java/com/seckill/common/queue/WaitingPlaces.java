package com.seckill.common.queue;

import java.time.Instant;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The answers of a waiting room to a shopper who is not served yet (contract §11), from the room's figures:
 * before the start, everyone stands at the back of the queue and is drawn at the start; after it, the place is
 * drawn ({@link QueueDraw}) for who joined before it and the join number for the others. Pure: the same figures
 * give the same place on every instance and in the gateway.
 */
public final class WaitingPlaces {

    private WaitingPlaces() {
    }

    /** The place of the {@code joinNumber}-th shopper, once {@code drawn} shoppers were drawn at the start with {@code seed}. */
    public static long place(String seed, long drawn, long joinNumber) {
        return joinNumber <= drawn ? QueueDraw.place(seed, drawn, joinNumber) : joinNumber;
    }

    /** Before the start: the back of the queue ({@code joined}), the wait from the start on, told to come back at the start. */
    public static QueueAnswer beforeStart(long joined, long rate, boolean paused, Instant start, Instant now, String ticket) {
        return QueueAnswer.waiting(paused ? QueueAnswer.PAUSED : QueueAnswer.WAITING, joined, 0,
                eta(joined, rate) + Math.max(0, start.getEpochSecond() - now.getEpochSecond()),
                PollAfter.beforeStart(start.toEpochMilli() - now.toEpochMilli(), ThreadLocalRandom.current().nextDouble()),
                ticket, start.toString());
    }

    /**
     * A shopper at {@code place}, behind {@code serving}: its wait at the rate, and when to ask again (sooner when
     * there are fewer units left than shoppers ahead, since its outcome is known once those are let in).
     */
    public static QueueAnswer waiting(long place, long serving, long rate, long stock, boolean paused, String ticket) {
        long ahead = place - serving;
        long eta = eta(ahead, rate);
        double spread = ThreadLocalRandom.current().nextDouble();
        long pollAfter = ahead > stock ? PollAfter.waiting(eta, eta(stock, rate), spread) : PollAfter.waiting(eta, spread);
        return QueueAnswer.waiting(paused ? QueueAnswer.PAUSED : QueueAnswer.WAITING, place, serving, eta, pollAfter, ticket, null);
    }

    /** Seconds to let {@code placesAhead} in at {@code rate} a second. */
    public static long eta(long placesAhead, long rate) {
        return rate <= 0 ? placesAhead : (placesAhead + rate - 1) / rate;
    }
}
