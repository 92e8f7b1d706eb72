package com.seckill.web.trust;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.common.trust.InternalTokens;
import com.seckill.web.problem.ApiProblemHandler;
import java.time.Clock;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.core.Ordered;
import org.springframework.core.env.Environment;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/** Puts the trust filter in front of every inner service, and gives it credentials for its own calls. */
@AutoConfiguration
@EnableConfigurationProperties(TrustProperties.class)
public class TrustAutoConfiguration implements WebMvcConfigurer {

    @Bean
    InternalTokens internalTokens(TrustProperties properties) {
        return new InternalTokens(properties.secret(), properties.allowDevelopmentSecret());
    }

    @Bean
    FilterRegistrationBean<TrustFilter> trustFilter(InternalTokens tokens, ObjectMapper json,
                                                    ObjectProvider<Clock> clock) {
        FilterRegistrationBean<TrustFilter> registration =
                new FilterRegistrationBean<>(new TrustFilter(tokens, json, clock.getIfAvailable(Clock::systemUTC)));
        // before anything reads the request on the service's behalf
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 10);
        return registration;
    }

    @Bean
    ServiceCredentials serviceCredentials(InternalTokens tokens, TrustProperties properties, Environment environment,
                                          ObjectProvider<Clock> clock) {
        return new ServiceCredentials(tokens, environment.getRequiredProperty("spring.application.name"),
                properties.scopes(), clock.getIfAvailable(Clock::systemUTC));
    }

    @Bean
    OperatorFacts operatorFacts(Environment environment, TrustProperties properties, ObjectProvider<DevelopmentSecret> secrets,
                                ObjectProvider<Clock> clock) {
        return new OperatorFacts(environment, properties, secrets.orderedStream().toList(), clock.getIfAvailable(Clock::systemUTC));
    }

    @Bean
    ApiProblemHandler apiProblemHandler() {
        return new ApiProblemHandler();
    }

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        registry.addInterceptor(new ServiceScopeInterceptor()).addPathPatterns("/internal/**");
    }
}
