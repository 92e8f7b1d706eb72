package com.seckill.seckill.infra;

import com.seckill.common.error.SeckillException;
import com.seckill.seckill.Refusals;
import io.github.resilience4j.circuitbreaker.CallNotPermittedException;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerRegistry;
import io.lettuce.core.RedisCommandTimeoutException;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.stereotype.Component;

/**
 * Every Redis call a shopper's request makes goes through here. A Redis failure becomes 503 BUSY,
 * and after a few failures the circuit opens: requests are answered BUSY at once, without waiting
 * on a dead Redis and without ever falling through to MySQL. The circuit probes Redis again on
 * its own and closes when it answers.
 */
@Component
public class RedisGuard {

    private static final Logger log = LoggerFactory.getLogger(RedisGuard.class);
    static final String CIRCUIT = "redis";

    private final CircuitBreaker circuit;

    RedisGuard(CircuitBreakerRegistry circuits) {
        this.circuit = circuits.circuitBreaker(CIRCUIT);
        circuit.getEventPublisher().onStateTransition(event ->
                log.warn("Redis circuit {}", event.getStateTransition()));
    }

    public <T> T call(Supplier<T> redisCall) {
        try {
            return circuit.executeSupplier(redisCall);
        } catch (SeckillException e) {
            throw e;
        } catch (CallNotPermittedException e) {
            throw busy();
        } catch (RuntimeException e) {
            log.debug("Redis call failed: {}", e.toString());
            throw busy();
        }
    }

    /**
     * As {@link #call}, except that a call that timed out is reported as {@link OutcomeUnknown}: it
     * was sent, and Redis may have run it (or still run it) without the answer reaching us.
     */
    public <T> T attempt(Supplier<T> redisCall) {
        try {
            return circuit.executeSupplier(redisCall);
        } catch (SeckillException e) {
            throw e;
        } catch (CallNotPermittedException e) {
            throw busy();
        } catch (QueryTimeoutException | RedisCommandTimeoutException e) {
            throw new OutcomeUnknown();
        } catch (RuntimeException e) {
            log.debug("Redis call failed: {}", e.toString());
            throw busy();
        }
    }

    /** A Redis call was sent and no answer came: it may have taken effect. */
    public static final class OutcomeUnknown extends RuntimeException {

        OutcomeUnknown() {
            super("Redis did not answer in time", null, false, false);
        }
    }

    public void run(Runnable redisCall) {
        call(() -> {
            redisCall.run();
            return null;
        });
    }

    private static SeckillException busy() {
        return new Refusals.SaleBusy();
    }
}
