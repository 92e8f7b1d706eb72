package com.seckill.seckill.queue;

import java.util.List;

/**
 * A page of the fair start's draw, as the admins audit it.
 *
 * @param seed   the key of the draw: with it, {@code drawn} and a join number anyone can work out the place again
 * @param drawn  how many joined before the start; null before the start
 * @param listed how many of them the queue holds (all, unless a Redis restart lost some not yet back)
 * @param from   the first place asked for
 * @param places the shoppers at the places {@code from} on, in place order
 */
record DrawView(String seed, Long drawn, long listed, long from, List<Place> places) {

    /** One shopper of the draw: the place drawn for the join number the queue gave them. */
    record Place(long place, long joinNumber, long userId) {
    }
}
