package com.seckill.gateway.queue;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.common.error.ErrorCode;
import com.seckill.common.error.SeckillException;
import com.seckill.common.queue.QueueAnswer;
import com.seckill.common.queue.WaitingPlaces;
import com.seckill.common.trust.QueueTokens;
import com.seckill.common.web.Headers;
import com.seckill.gateway.GatewayFilterOrder;
import com.seckill.gateway.SalePaths;
import com.seckill.gateway.auth.AuthenticatedUser;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Instant;
import java.util.OptionalLong;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * {@code GET /api/seckill/{aid}/queue} with a ticket, by a shopper still waiting (DESIGN.md §11): answered here, from
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
    private final ObjectMapper json;
    private final Clock clock;
    private final Counter answered;
    private final Counter soldOutJoins;

    WaitingAnswers(WaitingRooms rooms, RoomLooks looks, QueueTokens tokens, ObjectMapper json, Clock clock, MeterRegistry meters) {
        this.rooms = rooms;
        this.looks = looks;
        this.tokens = tokens;
        this.json = json;
        this.clock = clock;
        this.answered = Counter.builder("seckill.gateway.queue.answered")
                .description("Waiting-room polls the gateway answered from the room's figures, without seckill-service")
                .register(meters);
        this.soldOutJoins = Counter.builder("seckill.gateway.queue.sold.out.joins")
                .description("Waiting-room joins the gateway answered 410 SOLD_OUT from the room's figures").register(meters);
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        Long joined = SalePaths.saleOf(exchange.getRequest());
        if (joined != null && exchange.getRequest().getPath().pathWithinApplication().value().endsWith(QUEUE) && noUnitLeft(joined)) {
            soldOutJoins.increment();
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
        return answer == null ? chain.filter(exchange) : write(exchange, answer);
    }

    /** Whether the room's fresh figures say no unit is left: a join is told 410 SOLD_OUT, as seckill-service would. */
    boolean noUnitLeft(long activityId) {
        WaitingRooms.Sale sale = rooms.sale(activityId).orElse(null);
        RoomFigures room = sale == null || !sale.known() ? null : looks.fresh(activityId).orElse(null);
        return room != null && room.stock() != null && room.stock() <= 0 && clock.instant().isBefore(sale.end());
    }

    /** The answer to the shopper's poll, or null when seckill-service has to give it. */
    QueueAnswer answer(long activityId, long userId, String ticket) {
        WaitingRooms.Sale sale = rooms.sale(activityId).orElse(null);
        RoomFigures room = sale == null || !sale.known() ? null : looks.fresh(activityId).orElse(null);
        if (room == null || room.stock() == null) {
            return null;
        }
        Instant now = clock.instant();
        if (!now.isBefore(sale.end())) {
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
        if (place <= room.serving() + (long) Math.ceil(room.rate() * SERVED_SOON_SECONDS)) {
            return null;
        }
        return WaitingPlaces.waiting(place, room.serving(), room.rate(), room.stock(), room.paused(), ticket);
    }

    private Mono<Void> write(ServerWebExchange exchange, QueueAnswer answer) {
        byte[] body;
        try {
            body = json.writeValueAsBytes(answer);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("A waiting-room answer did not serialize", e);
        }
        answered.increment();
        ServerHttpResponse response = exchange.getResponse();
        response.setStatusCode(HttpStatus.OK);
        response.getHeaders().setContentType(MediaType.APPLICATION_JSON);
        response.getHeaders().setContentLength(body.length);
        response.getHeaders().setCacheControl("no-store");
        if (QueueAnswer.SOLD_OUT.equals(answer.status())) {
            response.getHeaders().set(Headers.SOLD_OUT, "true"); // the next polls are answered at the connection (ShedGate)
        }
        return response.writeWith(Mono.just(response.bufferFactory().wrap(body)));
    }

    /** A join of a sale with no unit left. */
    static final class SoldOut extends SeckillException {

        SoldOut() {
            super(ErrorCode.SOLD_OUT, "Sold out");
        }
    }
}
