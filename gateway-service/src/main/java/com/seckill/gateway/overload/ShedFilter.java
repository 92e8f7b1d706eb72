package com.seckill.gateway.overload;

import com.netflix.concurrency.limits.Limiter;
import com.seckill.gateway.GatewayFilterOrder;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import org.springframework.cloud.gateway.support.ServerWebExchangeUtils;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatusCode;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;
import reactor.core.publisher.SignalType;

/**
 * Takes a slot of the service's concurrency limit for every request routed to it, or answers 503 BUSY
 * with {@code Retry-After} at once: before the rate limiter's Redis call, so a shed request costs the
 * gateway a header parse, a token check and this. Nothing is shed once it started: a request is turned
 * away before routing or not at all, so shedding loses no accepted purchase.
 * <p>
 * The limit learns from requests the service answered: their time as the gateway saw it (its own work
 * included), and a 503 or a failure to reach the service as a sign to back off. Requests the gateway
 * refuses itself (rate limited, a bad path) or the client gave up on tell it nothing.
 */
@Component
@Order(GatewayFilterOrder.OVERLOAD)
class ShedFilter implements WebFilter {

    private final ConcurrencyLimits limits;
    private final OverloadProperties properties;
    private final Map<Tier, Counter> shed = new EnumMap<>(Tier.class);
    private final Map<Tier, Counter> upstreamBusy = new EnumMap<>(Tier.class);

    ShedFilter(ConcurrencyLimits limits, OverloadProperties properties, MeterRegistry meters) {
        this.limits = limits;
        this.properties = properties;
        for (Tier tier : Tier.values()) {
            shed.put(tier, ShedMeter.counter(meters, ShedMeter.CONCURRENCY, tier.tag()));
            upstreamBusy.put(tier, ShedMeter.counter(meters, ShedMeter.UPSTREAM, tier.tag()));
        }
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        Tier tier = Tier.of(HttpMethod.POST.equals(exchange.getRequest().getMethod()),
                exchange.getRequest().getPath().pathWithinApplication().value());
        if (tier == null) {
            return chain.filter(exchange);
        }
        Optional<Limiter.Listener> slot = limits.acquire(tier);
        if (slot.isEmpty()) {
            shed.get(tier).increment();
            return Mono.error(new Shed(java.time.Duration.ofSeconds(properties.retryAfterSeconds(tier))));
        }
        Limiter.Listener listener = slot.get();
        return chain.filter(exchange).doFinally(signal -> release(listener, tier, exchange, signal));
    }

    private void release(Limiter.Listener slot, Tier tier, ServerWebExchange exchange, SignalType signal) {
        if (signal == SignalType.CANCEL || !ServerWebExchangeUtils.isAlreadyRouted(exchange)) {
            slot.onIgnore();
            return;
        }
        HttpStatusCode status = exchange.getResponse().getStatusCode();
        if (signal == SignalType.ON_ERROR || status != null && status.value() == 503) {
            upstreamBusy.get(tier).increment();
            slot.onDropped();
            return;
        }
        slot.onSuccess();
    }
}
