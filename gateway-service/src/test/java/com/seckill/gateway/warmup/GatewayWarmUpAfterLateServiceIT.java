package com.seckill.gateway.warmup;

import static org.assertj.core.api.Assertions.assertThat;

import com.seckill.gateway.overload.HeldService;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.ApplicationListener;
import org.springframework.context.annotation.Bean;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * A seckill-service that answers late does not cost the gateway its warm-up (issue 44): on a slow machine starting
 * every service at once, seckill-service (warming up itself) answered after the gateway's whole max was spent
 * waiting, and the gateway met the sale cold. Here the catalog answers 503 for all but the last second of max:
 * the rounds still get their max, so the least number of them runs. Fails when the wait and the rounds share one
 * max (one round, a tenth of the purchases).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class GatewayWarmUpAfterLateServiceIT {

    private static final int ROUND = 60;
    private static final int MIN_ROUNDS = 6;
    private static final long MAX_SECONDS = 20;
    /** When the catalog was first asked for; it answers 503 until MAX_SECONDS - 1 after that. */
    private static final AtomicLong FIRST_ASKED = new AtomicLong();
    private static final HeldService seckill = HeldService.answering(path -> 200);
    private static final AtomicInteger PURCHASES_WHEN_READY = new AtomicInteger(-1);

    static {
        seckill.catalog("[{\"id\":7,\"status\":\"ONGOING\"}]");
        seckill.catalogStatus(() -> late() ? 503 : 200);
    }

    private static boolean late() {
        long now = System.nanoTime();
        FIRST_ASKED.compareAndSet(0, now);
        return now - FIRST_ASKED.get() < (MAX_SECONDS - 1) * 1_000_000_000L;
    }

    @DynamicPropertySource
    static void infrastructure(DynamicPropertyRegistry registry) {
        seckill.standInForEveryService(registry);
        registry.add("seckill.gateway.warmup.max", () -> MAX_SECONDS + "s");
        registry.add("seckill.gateway.warmup.round", () -> ROUND);
        registry.add("seckill.gateway.warmup.requests", () -> MIN_ROUNDS * ROUND);
    }

    @AfterAll
    static void stopService() {
        seckill.stop();
    }

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

    @Test
    void theRoundsGetTheirMaxAfterALateSeckillService() {
        assertThat(FIRST_ASKED.get()).as("the catalog was asked for").isPositive();
        // a purchase in every six requests of a round (one sale on now), the least number of rounds at least
        assertThat(PURCHASES_WHEN_READY.get()).as("purchases routed before the gateway was ready")
                .isGreaterThanOrEqualTo(MIN_ROUNDS * ROUND / 6 - 3);
    }
}
