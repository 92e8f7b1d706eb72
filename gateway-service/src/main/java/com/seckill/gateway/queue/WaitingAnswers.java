package com.seckill.gateway.queue;

import com.seckill.common.error.ErrorCode;
import com.seckill.common.error.SeckillException;
import com.seckill.common.queue.QueueAnswer;
import com.seckill.common.queue.WaitingPlaces;
import com.seckill.common.trust.QueueTokens;
import com.seckill.gateway.GatewayFilterOrder;
import com.seckill.gateway.SalePaths;
import com.seckill.gateway.auth.AuthenticatedUser;
import java.time.Clock;
import java.time.Instant;
import java.util.OptionalLong;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * {@code GET /api/seckill/{aid}/queue} with a ticket, by a shopper still waiting (contract §11): answered here, from
 * the room's figures read every 200 ms ({@link RoomLooks}) and the join number the signed ticket carries, the same
 * answer seckill-service would give ({@link WaitingPlaces}): before the start the back of the queue, after it the
 * place drawn or joined, SOLD_OUT once no unit is left (and a join then 410 SOLD_OUT). So the crowd that waits costs a token check and a few
 * multiplications, nothing downstream, and its herd at the start is never shed. What needs the shopper's own state
 * goes on to seckill-service: a place served or about to be (the admission is recorded there), a ticket not ours,
 * a sale ended, figures older than {@code look-max-age}.
 */
@Component
@Order(GatewayFilterOrder.QUEUE_LOOK)
class WaitingAnswers implements WebFilter {

    /** A place this close to the serving position (in seconds of admissions) may be served by now: seckill-service decides. */
    private static final double SERVED_SOON_SECONDS = 1.5;
    private static final String QUEUE = "/queue";

    private final WaitingRooms rooms;
    private final RoomLooks looks;
    private final QueueTokens tokens;
    private final Clock clock;
    private final QueueReplies replies;

    WaitingAnswers(WaitingRooms rooms, RoomLooks looks, QueueTokens tokens, QueueReplies replies, Clock clock) {
        this.rooms = rooms;
        this.looks = looks;
        this.tokens = tokens;
        this.replies = replies;
        this.clock = clock;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        Long joined = SalePaths.saleOf(exchange.getRequest());
        if (joined != null && exchange.getRequest().getPath().pathWithinApplication().value().endsWith(QUEUE) && noUnitLeft(joined)) {
            replies.count(QueueReplies.JOIN, QueueAnswer.SOLD_OUT);
            return Mono.error(new SoldOut());
        }
        Long activityId = SalePaths.pollOf(exchange.getRequest());
        String ticket = activityId == null ? null : exchange.getRequest().getHeaders().getFirst(QueueTokens.TICKET_HEADER);
        if (ticket == null) {
            return chain.filter(exchange);
        }
        QueueAnswer answer = AuthenticatedUser.of(exchange)
                .map(user -> answer(activityId, user.userId(), ticket))
                .orElse(null);
        if (answer == null) {
            return chain.filter(exchange);
        }
        return replies.write(exchange, QueueReplies.POLL, answer);
    }

    /** Whether the room's fresh figures say no unit is left: a join is told 410 SOLD_OUT, as seckill-service would. */
    boolean noUnitLeft(long activityId) {
        WaitingRooms.Sale sale = rooms.sale(activityId).orElse(null);
        RoomFigures room = sale == null || !sale.known() ? null : looks.fresh(activityId).orElse(null);
        return room != null && room.stock() != null && room.stock() <= 0 && sale.open(clock.instant());
    }

    /** The answer to the shopper's poll, or null when seckill-service has to give it. */
    QueueAnswer answer(long activityId, long userId, String ticket) {
        WaitingRooms.Sale sale = rooms.sale(activityId).orElse(null);
        RoomFigures room = sale == null || !sale.known() ? null : looks.fresh(activityId).orElse(null);
        if (room == null || room.stock() == null) {
            return null;
        }
        Instant now = clock.instant();
        if (!sale.open(now)) {
            return null;
        }
        OptionalLong joinNumber = tokens.joinNumber(ticket, activityId, userId);
        if (joinNumber.isEmpty() || joinNumber.getAsLong() < 1) {
            return null;
        }
        if (room.drawn() == null) {
            // before the start; or just after it, not drawn in the figures read yet (the first tick after the start draws,
            // the next look sees it): the back of the queue, asked again 1 to 3 s after the start, spread, as a page told
            // before the start does. The herd of the start asks in its first moment: none of it waits on seckill-service.
            return room.stock() <= 0 ? QueueAnswer.only(QueueAnswer.SOLD_OUT)
                    : WaitingPlaces.beforeStart(room.joined(), room.rate(), room.paused(), sale.start(), now, ticket);
        }
        long place = WaitingPlaces.place(room.seed(), room.drawn(), joinNumber.getAsLong());
        if (place <= room.serving()) {
            return null; // served: its admission is recorded and signed there (or it ran out, or it bought)
        }
        if (room.stock() <= 0) {
            return QueueAnswer.only(QueueAnswer.SOLD_OUT);
        }
        if (place <= room.serving() + servedSoon(room.rate())) {
            return null;
        }
        return WaitingPlaces.waiting(place, room.serving(), room.rate(), room.stock(), room.paused(), ticket);
    }

    /** Places this close behind the serving position may be served by the time the answer is read: seckill-service decides. */
    static long servedSoon(long rate) {
        return (long) Math.ceil(rate * SERVED_SOON_SECONDS);
    }

    /** A join of a sale with no unit left. */
    static final class SoldOut extends SeckillException {

        SoldOut() {
            super(ErrorCode.SOLD_OUT, "Sold out");
        }
    }
}
