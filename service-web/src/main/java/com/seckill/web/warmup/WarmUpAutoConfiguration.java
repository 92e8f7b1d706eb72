package com.seckill.web.warmup;

import com.seckill.common.trust.InternalTokens;
import java.time.Clock;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;

/** Every inner service warms the hot paths its {@link WarmUpPlan}s name before it is ready ({@link SelfWarmUp}). */
@AutoConfiguration
@ConditionalOnWebApplication
@EnableConfigurationProperties(WarmUpProperties.class)
public class WarmUpAutoConfiguration {

    @Bean
    SelfWarmUp selfWarmUp(ObjectProvider<WarmUpPlan> plans, WarmUpProperties properties, InternalTokens tokens,
                          ApplicationContext context, ObjectProvider<Clock> clock) {
        return new SelfWarmUp(plans.orderedStream().toList(), properties, tokens, context, clock.getIfAvailable(Clock::systemUTC));
    }
}
