package com.seckill.gateway.queue;

import com.seckill.common.error.ErrorCode;
import com.seckill.common.error.SeckillException;
import com.seckill.common.trust.QueueTokens;
import com.seckill.common.web.DecimalId;
import com.seckill.gateway.GatewayFilterOrder;
import com.seckill.gateway.auth.AuthenticatedUser;
import java.time.Clock;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpMethod;
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

    private static final String PREFIX = "/api/seckill/";
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
        String path = request.getPath().pathWithinApplication().value();
        if (!HttpMethod.POST.equals(request.getMethod()) || !path.startsWith(PREFIX) || !path.endsWith(TOKEN)) {
            return null;
        }
        String id = path.substring(PREFIX.length(), path.length() - TOKEN.length());
        try {
            long activityId = DecimalId.parse(id);
            return activityId > 0 ? activityId : null;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    static final class NotAdmitted extends SeckillException {
        NotAdmitted() {
            super(ErrorCode.NOT_ADMITTED, "Join the queue and wait until you are admitted (X-Seckill-Admission)");
        }
    }
}
