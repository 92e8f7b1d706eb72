package com.seckill.gateway.warmup;

import static org.assertj.core.api.Assertions.assertThat;

import com.seckill.gateway.overload.HeldService;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.ApplicationListener;
import org.springframework.context.annotation.Bean;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The gateway warms its hot paths before it is ready (issue 44): it waits until seckill-service answers the
 * catalog through it, then sends itself path requests and purchases of the sale on now (on a path never issued),
 * result polls and orders, all routed, before readiness turns to accepting traffic. From this machine's one
 * address with a per-address limit of 1/s, they are routed only because the warm-up's pass lets them by; once
 * warm, nothing carries the pass, and the concurrency limits start from their initial value. Fails without the warm-up (nothing routed before ready) and without the pass
 * (the limit refuses almost all of them).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class GatewayWarmUpIT {

    private static final HeldService seckill = HeldService.answering(path -> 200);
    private static final AtomicInteger PURCHASES_WHEN_READY = new AtomicInteger(-1);
    private static final int ROUND = 60;

    static {
        seckill.catalog("[{\"id\":7,\"status\":\"ONGOING\"},{\"id\":8,\"status\":\"ENDED\"}]");
    }

    @DynamicPropertySource
    static void infrastructure(DynamicPropertyRegistry registry) {
        seckill.standInForEveryService(registry);
        registry.add("seckill.gateway.rate-limit.per-ip", () -> "1");
        registry.add("seckill.gateway.rate-limit.burst", () -> "1s");
        registry.add("seckill.gateway.warmup.max", () -> "30s");
        registry.add("seckill.gateway.warmup.round", () -> ROUND);
        registry.add("seckill.gateway.warmup.requests", () -> 3 * ROUND);
    }

    @AfterAll
    static void stopService() {
        seckill.stop();
    }

    /** How many purchases seckill-service had been sent when the gateway said it was ready. */
    @TestConfiguration
    static class Watching {

        @Bean
        ApplicationListener<AvailabilityChangeEvent<ReadinessState>> readiness() {
            return event -> {
                if (event.getState() == ReadinessState.ACCEPTING_TRAFFIC) {
                    PURCHASES_WHEN_READY.compareAndSet(-1, seckill.receivedUnder("/api/seckill/7/ey"));
                }
            };
        }
    }

    @Autowired
    WarmUpPass pass;
    @Autowired
    MeterRegistry meters;

    @Test
    void theGatewaySendsItselfTheSalesHotPathsThroughEveryFilterBeforeItIsReady() {
        int purchases = PURCHASES_WHEN_READY.get();
        // three rounds at least, a purchase in every six requests of a round (one sale on now), all routed
        assertThat(purchases).as("purchases routed to seckill-service before the gateway was ready").isGreaterThanOrEqualTo(3 * ROUND / 6 - 3);
        assertThat(seckill.received("/api/seckill/7/token")).as("path requests").isPositive();
        assertThat(seckill.receivedUnder("/api/seckill/8/")).as("the sale that has ended is left alone").isZero();
        assertThat(seckill.received("/api/orders")).isPositive();
        assertThat(pass.value()).as("no request carries the pass once warm").isNull();
        // what the warm-up taught the limits is forgotten: the first crowd meets the initial limit (the configured 100)
        assertThat(meters.get("seckill.gateway.concurrency.limit").tag("tier", "seckill").gauge().value()).isEqualTo(100.0);
        assertThat(pass.carries(MockServerHttpRequest.get("/api/orders").header(WarmUpPass.HEADER, "anything").build())).isFalse();
    }
}
