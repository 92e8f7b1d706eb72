package com.seckill.gateway.ratelimit;

import com.seckill.common.error.SeckillException;
import com.seckill.gateway.redis.GatewayKeys;
import com.seckill.gateway.GatewayFilterOrder;
import com.seckill.gateway.auth.AuthenticatedUser;
import com.seckill.gateway.client.ClientAddresses;
import com.seckill.gateway.warmup.WarmUpPass;
import com.seckill.gateway.purchase.PurchaseAttempt;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpMethod;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * Meters every request by what the client cannot choose: its real address (every request but the
 * health probe), its verified user id (every action: POST, DELETE..., and captcha fetches) and, for a
 * purchase, the activity. Runs after authentication and the blacklist, so a forged token or a
 * blocked caller never costs a Redis call, and before routing and the path check.
 * <p>
 * Each request is decided in memory ({@link LocalBuckets}); what every instance hands out is shared through Redis
 * a moment later ({@link SharedBuckets}), so a request costs no Redis call. When Redis cannot be reached, browsing
 * goes on under this instance's own view of the limits (activities, results and orders are served by services that
 * degrade on their own, and a limiter outage must not take the shop down) while a purchase is refused with 503 BUSY:
 * limits no longer shared cannot hold a purchase flood spread over the instances, and the purchase behind it
 * needs Redis anyway.
 */
@Component
@Order(GatewayFilterOrder.RATE_LIMIT)
class RateLimitFilter implements WebFilter {

    private static final Logger log = LoggerFactory.getLogger(RateLimitFilter.class);
    /** The load balancer's probe: limiting it would take a healthy instance out of rotation under attack. */
    private static final String HEALTH = "/actuator/health";
    private static final Duration WARN_EVERY = Duration.ofSeconds(10);
    private static final String SECKILL = "/api/seckill/";
    private static final String CAPTCHA = "/captcha";

    private final LocalBuckets limits;
    private final SharedBuckets shared;
    private final ClientAddresses clients;
    private final RateLimitProperties properties;
    private final Clock clock;
    private final WarmUpPass warmUp;
    private final AtomicReference<Instant> lastWarning = new AtomicReference<>(Instant.EPOCH);

    RateLimitFilter(LocalBuckets limits, SharedBuckets shared, ClientAddresses clients, RateLimitProperties properties,
                    Clock clock, WarmUpPass warmUp) {
        this.limits = limits;
        this.shared = shared;
        this.clients = clients;
        this.properties = properties;
        this.clock = clock;
        this.warmUp = warmUp;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        ServerHttpRequest request = exchange.getRequest();
        String path = request.getPath().pathWithinApplication().value();
        if (path.equals(HEALTH) || path.startsWith(HEALTH + "/")) {
            return chain.filter(exchange);
        }
        double burst = properties.burstSeconds();
        List<Bucket> buckets = new ArrayList<>(3);
        // the gateway's own warm-up, from this machine's one address: the address limit meters shoppers
        if (properties.perIp() > 0 && !warmUp.carries(request)) {
            buckets.add(bucket(GatewayKeys.rateIp(clients.of(exchange)), properties.perIp(), burst));
        }
        AuthenticatedUser user = AuthenticatedUser.of(exchange).orElse(null);
        if (user != null && properties.perUser() > 0 && isAction(request.getMethod(), path)) {
            buckets.add(bucket(GatewayKeys.rateUser(user.userId()), properties.perUser(), burst));
        }
        PurchaseAttempt purchase = purchase(request, path);
        if (purchase != null && properties.perActivity() > 0) {
            buckets.add(bucket(GatewayKeys.rateActivity(purchase.activityId()), properties.perActivity(), 1));
        }
        if (buckets.isEmpty()) {
            return chain.filter(exchange);
        }
        if (purchase != null && !shared.reachable()) {
            warnUnshared();
            return Mono.error(new LimiterUnavailable());
        }
        Duration wait = limits.acquire(buckets);
        return wait.isZero() ? chain.filter(exchange) : Mono.error(new RateLimited(wait));
    }

    private static Bucket bucket(String key, double rate, double burstSeconds) {
        return new Bucket(key, rate, Math.max(1, Math.floor(rate * burstSeconds)));
    }

    /**
     * What the user limit meters: what a user does, not what a user looks at. Reads of one's own state
     * are cheap (memory or one Redis GET) and polling a result is how the API is meant to be used, so
     * they count against the address only. A captcha is the exception: fetching one renders an image
     * and replaces the user's current challenge.
     */
    static boolean isAction(HttpMethod method, String path) {
        if (!HttpMethod.GET.equals(method) && !HttpMethod.HEAD.equals(method) && !HttpMethod.OPTIONS.equals(method)) {
            return true;
        }
        return path.startsWith(SECKILL) && path.endsWith(CAPTCHA);
    }

    /** A malformed purchase is refused by the path check later; here it counts like any other request. */
    private static PurchaseAttempt purchase(ServerHttpRequest request, String path) {
        try {
            return PurchaseAttempt.of(request.getMethod(), path).orElse(null);
        } catch (SeckillException e) {
            return null;
        }
    }

    private void warnUnshared() {
        Instant now = clock.instant();
        Instant last = lastWarning.get();
        // One line per outage period, not one per request of a flood.
        if (now.isAfter(last.plus(WARN_EVERY)) && lastWarning.compareAndSet(last, now)) {
            log.warn("Rate limits cannot be shared through Redis: purchases refused, other requests limited by this instance alone");
        }
    }
}
