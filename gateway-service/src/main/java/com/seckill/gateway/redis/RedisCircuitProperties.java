package com.seckill.gateway.redis;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code seckill.gateway.redis-circuit.*}: when the circuit around Redis opens and for how long.
 *
 * @param slidingWindow       calls the failure rate is measured over
 * @param minimumCalls        calls needed before the rate counts
 * @param failureRatePercent  failed calls (in %) that open the circuit
 * @param slowCall            a call slower than this counts as slow
 * @param slowCallRatePercent slow calls (in %) that open the circuit
 * @param openFor             how long the circuit stays open before it probes
 * @param probes              calls let through to probe a half-open circuit
 */
@ConfigurationProperties("seckill.gateway.redis-circuit")
public record RedisCircuitProperties(
        @DefaultValue("10") int slidingWindow,
        @DefaultValue("5") int minimumCalls,
        @DefaultValue("50") float failureRatePercent,
        @DefaultValue("1s") Duration slowCall,
        @DefaultValue("80") float slowCallRatePercent,
        @DefaultValue("2s") Duration openFor,
        @DefaultValue("3") int probes) {
}
