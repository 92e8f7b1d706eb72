package com.seckill.web.overload;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.core.Ordered;

/** Puts the concurrency guard in front of every inner service, before Spring Security. */
@AutoConfiguration
@EnableConfigurationProperties(OverloadProperties.class)
public class OverloadAutoConfiguration {

    @Bean
    FilterRegistrationBean<ConcurrencyGuard> concurrencyGuard(OverloadProperties properties, MeterRegistry meters, ObjectMapper json) {
        FilterRegistrationBean<ConcurrencyGuard> registration = new FilterRegistrationBean<>(new ConcurrencyGuard(properties, meters, json));
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 5);
        return registration;
    }
}
