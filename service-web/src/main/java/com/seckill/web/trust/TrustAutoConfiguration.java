package com.seckill.web.trust;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.common.trust.InternalTokens;
import com.seckill.common.web.HeaderText;
import com.seckill.web.problem.ApiProblemHandler;
import java.time.Clock;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.core.Ordered;
import org.springframework.core.env.Environment;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configuration.EnableWebSecurity;
import org.springframework.security.config.observation.SecurityObservationSettings;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.firewall.HttpFirewall;
import org.springframework.security.web.firewall.RequestRejectedHandler;
import org.springframework.security.web.firewall.StrictHttpFirewall;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Puts Spring Security in front of every inner service ({@link InnerServiceSecurity}), and gives the service
 * credentials for its own calls. Before Boot's security auto-configuration, so Boot's default chain and its
 * generated user never exist.
 */
@AutoConfiguration(beforeName = {
        "org.springframework.boot.autoconfigure.security.servlet.SecurityAutoConfiguration",
        "org.springframework.boot.autoconfigure.security.servlet.UserDetailsServiceAutoConfiguration",
        "org.springframework.boot.actuate.autoconfigure.security.servlet.ManagementWebSecurityAutoConfiguration"})
@EnableConfigurationProperties(TrustProperties.class)
@EnableWebSecurity
public class TrustAutoConfiguration implements WebMvcConfigurer {

    @Bean
    InternalTokens internalTokens(TrustProperties properties) {
        return new InternalTokens(properties.secret(), properties.allowDevelopmentSecret());
    }

    @Bean
    InternalTokenAuthentication internalTokenAuthentication(InternalTokens tokens, ObjectProvider<Clock> clock) {
        return new InternalTokenAuthentication(tokens, clock.getIfAvailable(Clock::systemUTC));
    }

    @Bean
    SecurityFilterChain innerServiceSecurity(HttpSecurity http, InternalTokenAuthentication tokens, ObjectMapper json)
            throws Exception {
        return InnerServiceSecurity.chain(http, tokens, new Problems(json));
    }

    /** The strict firewall, its header checks written as loops ({@link HeaderText}): same rules, no regular expression per header. */
    @Bean
    HttpFirewall httpFirewall() {
        StrictHttpFirewall firewall = new StrictHttpFirewall();
        firewall.setAllowedHeaderNames(HeaderText::isAllowedName);
        firewall.setAllowedHeaderValues(HeaderText::isAllowedValue);
        return firewall;
    }

    /**
     * No observation of Spring Security's own steps (a timer and a span per filter, per authentication, per
     * authorization: 7 % of seckill-service's CPU under a purchase crowd, docs/PERFORMANCE.md); no dashboard or
     * alert reads them. {@code http.server.requests} is observed as before.
     */
    @Bean
    SecurityObservationSettings securityObservationSettings() {
        return SecurityObservationSettings.noObservations();
    }

    @Bean
    RequestRejectedHandler requestRejectedHandler(ObjectMapper json) {
        return InnerServiceSecurity.rejected(new Problems(json));
    }

    @Bean
    FilterRegistrationBean<CanonicalPathFilter> canonicalPathFilter(ObjectMapper json) {
        FilterRegistrationBean<CanonicalPathFilter> registration =
                new FilterRegistrationBean<>(new CanonicalPathFilter(new Problems(json)));
        // before Spring Security (-100) and anything that reads the request on the service's behalf
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
