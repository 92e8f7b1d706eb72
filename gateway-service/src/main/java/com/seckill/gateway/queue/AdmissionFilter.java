package com.seckill.gateway.queue;

import com.seckill.common.error.ErrorCode;
import com.seckill.common.error.SeckillException;
import com.seckill.common.trust.QueueTokens;
import com.seckill.gateway.GatewayFilterOrder;
import com.seckill.gateway.SalePaths;
import com.seckill.gateway.auth.AuthenticatedUser;
import java.time.Clock;
import org.springframework.core.annotation.Order;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * {@code POST /api/seckill/{aid}/token} on an activity with a waiting room: the {@code X-Seckill-Admission}
 * must be a valid admission of this user for this activity, else 403 NOT_ADMITTED at once (a signature
 * check: no Redis call, nothing sent to seckill-service, which checks it again all the same: a room the
 * gateway has not read yet, at most a second old, is guarded there alone).
 */
@Component
@Order(GatewayFilterOrder.ADMISSION)
class AdmissionFilter implements WebFilter {

    private static final String TOKEN = "/token";

    private final WaitingRooms rooms;
    private final QueueTokens tokens;
    private final Clock clock;

    AdmissionFilter(WaitingRooms rooms, QueueTokens tokens, Clock clock) {
        this.rooms = rooms;
        this.tokens = tokens;
        this.clock = clock;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        Long activityId = pathRequestOf(exchange.getRequest());
        if (activityId == null) {
            return chain.filter(exchange);
        }
        if (rooms.has(activityId)) {
            long userId = AuthenticatedUser.of(exchange).map(AuthenticatedUser::userId).orElse(0L);
            String admission = exchange.getRequest().getHeaders().getFirst(QueueTokens.ADMISSION_HEADER);
            if (!tokens.isAdmitted(admission, activityId, userId, clock.instant())) {
                return Mono.error(new NotAdmitted());
            }
            return chain.filter(exchange);
        }
        return chain.filter(exchange);
    }

    /** The activity of a {@code POST /api/seckill/{aid}/token}, or null. */
    private static Long pathRequestOf(ServerHttpRequest request) {
        return request.getPath().pathWithinApplication().value().endsWith(TOKEN) ? SalePaths.saleOf(request) : null;
    }

    static final class NotAdmitted extends SeckillException {
        NotAdmitted() {
            super(ErrorCode.NOT_ADMITTED, "Join the queue and wait until you are admitted (X-Seckill-Admission)");
        }
    }
}
