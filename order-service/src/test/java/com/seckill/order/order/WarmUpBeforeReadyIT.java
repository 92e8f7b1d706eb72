package com.seckill.order.order;

import static org.assertj.core.api.Assertions.assertThat;

import com.seckill.common.test.TestInfra;
import com.seckill.order.OrderServiceIT;
import com.seckill.web.warmup.WarmUpCall;
import com.seckill.web.warmup.WarmUpPlan;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.availability.ApplicationAvailability;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * An inner service warms its hot paths before it is ready (issue 44): while the warm-up's requests run through
 * the real server, filters, internal token and controllers, its readiness refuses traffic (what the launcher,
 * compose and the gateway's balancer read); once they stop getting faster it accepts. Fails without the warm-up:
 * no request is sent, nothing is seen refusing.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class WarmUpBeforeReadyIT {

    private static final ConcurrentLinkedQueue<ReadinessState> SEEN = new ConcurrentLinkedQueue<>();
    private static final AtomicInteger ROUNDS = new AtomicInteger();
    private static final AtomicInteger WORK_DONE = new AtomicInteger();

    @DynamicPropertySource
    static void infrastructure(DynamicPropertyRegistry registry) {
        TestInfra.register(registry);
        registry.add("seckill.service.warmup.max", () -> "30s");
        registry.add("seckill.service.warmup.round", () -> "60");
        registry.add("seckill.service.warmup.requests", () -> "180");
        // a context of its own beside the other tests' (a server port): it must not consume their messages, nor
        // close their orders on its own schedule
        registry.add("spring.rabbitmq.listener.simple.auto-startup", () -> "false");
        registry.add("seckill.order.pay-timeout", () -> "4s"); // as OrderServiceIT's
        registry.add("seckill.order.sweep-interval", () -> "1h");
    }

    /** Asked for its calls once a round: notes what readiness said meanwhile. */
    @TestConfiguration
    static class Watching {

        @Bean
        WarmUpPlan watchingPlan(ApplicationAvailability availability) {
            return new WarmUpPlan() {
                @Override
                public List<WarmUpCall> calls() {
                    ROUNDS.incrementAndGet();
                    SEEN.add(availability.getReadinessState());
                    return List.of();
                }

                @Override
                public List<Runnable> work() {
                    return List.of(WORK_DONE::incrementAndGet);
                }
            };
        }
    }

    @Autowired
    ApplicationAvailability availability;
    @Autowired
    MeterRegistry meters;
    @LocalServerPort
    int port;

    @Test
    void theServiceSendsItselfItsHotPathsAndTakesTrafficOnlyAfterwards() throws Exception {
        assertThat(ROUNDS.get()).as("warm-up rounds run before the context was handed to the test").isGreaterThanOrEqualTo(3);
        assertThat(SEEN).as("readiness during the warm-up").isNotEmpty().containsOnly(ReadinessState.REFUSING_TRAFFIC);
        assertThat(availability.getReadinessState()).isEqualTo(ReadinessState.ACCEPTING_TRAFFIC);

        // the plan's requests went through the whole stack: answered 200 as the warm-up user, authenticated
        Timer orders = meters.find("http.server.requests").tag("uri", "/api/orders").tag("status", "200").timer();
        assertThat(orders).as("GET /api/orders answered during the warm-up").isNotNull();
        // a round of 60 cycles through four units: two requests (OrderWarmUp), the consumer's batch and this test's work
        assertThat(orders.count()).isGreaterThanOrEqualTo(3 * 60 / 4);
        assertThat(WarmUpCall.FIRST_USER).as("the warm-up's user is nobody's").isGreaterThan(Long.MAX_VALUE / 2);

        // work no request reaches (the consumer's batches) ran in the rounds too, and left nothing behind
        assertThat(WORK_DONE.get()).as("in-process warm-up units run").isGreaterThanOrEqualTo(3 * 60 / 4);
        assertThat(OrderServiceIT.count("SELECT COUNT(*) FROM seckill_order WHERE user_id >= ?", WarmUpCall.FIRST_USER)).isZero();
        assertThat(OrderServiceIT.count("SELECT COUNT(*) FROM mq_consume_log WHERE user_id >= ?", WarmUpCall.FIRST_USER)).isZero();
    }
}
