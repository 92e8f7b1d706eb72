package com.seckill.web.overload;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

class ConcurrencyGuardTest {

    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final ConcurrencyGuard guard = new ConcurrencyGuard(new OverloadProperties(1), meters, new ObjectMapper());

    @Test
    void aRequestBeyondTheLimitIsAnsweredBusyWithRetryAfterAndNeverRuns() throws Exception {
        AtomicReference<MockHttpServletResponse> second = new AtomicReference<>();
        AtomicReference<Boolean> secondRan = new AtomicReference<>(false);

        // while the first request is being worked on, a second arrives
        guard.doFilter(new MockHttpServletRequest("GET", "/api/orders"), new MockHttpServletResponse(), (request, response) -> {
            MockHttpServletResponse answer = new MockHttpServletResponse();
            guard.doFilter(new MockHttpServletRequest("GET", "/api/orders"), answer, (r, s) -> secondRan.set(true));
            second.set(answer);
        });

        assertThat(secondRan.get()).isFalse();
        assertThat(second.get().getStatus()).isEqualTo(503);
        assertThat(second.get().getHeader("Retry-After")).isEqualTo("1");
        assertThat(second.get().getContentType()).isEqualTo("application/problem+json");
        assertThat(second.get().getContentAsString()).contains("\"code\":\"BUSY\"");
        assertThat(meters.get("seckill.service.shed").counter().count()).isEqualTo(1);
    }

    @Test
    void theSlotIsGivenBackWhateverTheRequestEndedWith() throws Exception {
        MockHttpServletResponse failed = new MockHttpServletResponse();
        try {
            guard.doFilter(new MockHttpServletRequest("GET", "/api/orders"), failed, (request, response) -> {
                throw new IllegalStateException("a defect");
            });
        } catch (IllegalStateException expected) {
            // the problem handler's business, not the guard's
        }
        AtomicReference<Boolean> ran = new AtomicReference<>(false);
        guard.doFilter(new MockHttpServletRequest("GET", "/api/orders"), new MockHttpServletResponse(), (r, s) -> ran.set(true));

        assertThat(ran.get()).isTrue();
    }

    @Test
    void healthChecksAndEventStreamsAreNeverShed() throws Exception {
        AtomicReference<Integer> ran = new AtomicReference<>(0);
        guard.doFilter(new MockHttpServletRequest("GET", "/api/orders"), new MockHttpServletResponse(), (request, response) -> {
            guard.doFilter(new MockHttpServletRequest("GET", "/actuator/health/readiness"), new MockHttpServletResponse(),
                    (r, s) -> ran.set(ran.get() + 1));
            guard.doFilter(new MockHttpServletRequest("GET", "/api/seckill/result/abc/events"), new MockHttpServletResponse(),
                    (r, s) -> ran.set(ran.get() + 1));
        });

        assertThat(ran.get()).isEqualTo(2);
    }
}
