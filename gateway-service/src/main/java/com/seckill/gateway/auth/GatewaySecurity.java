package com.seckill.gateway.auth;

import com.seckill.common.web.HeaderText;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.config.annotation.web.reactive.EnableWebFluxSecurity;
import org.springframework.security.config.observation.SecurityObservationSettings;
import org.springframework.security.config.web.server.ServerHttpSecurity;
import org.springframework.security.oauth2.jwt.ReactiveJwtDecoder;
import org.springframework.security.web.server.SecurityWebFilterChain;
import org.springframework.security.web.server.authentication.ServerAuthenticationFailureHandler;
import org.springframework.security.web.server.firewall.ServerExchangeRejectedHandler;
import org.springframework.security.web.server.firewall.ServerWebExchangeFirewall;
import org.springframework.security.web.server.firewall.StrictServerWebExchangeFirewall;
import org.springframework.security.web.server.savedrequest.NoOpServerRequestCache;
import org.springframework.security.web.server.context.NoOpServerSecurityContextRepository;
import reactor.core.publisher.Mono;

/**
 * Spring Security at the gateway: shoppers' JWTs verified as an OAuth2 resource server ({@link JwtTokens}),
 * the route rules of {@link AccessRules}, the firewall. Stateless: no session, no cookie, no saved request,
 * nothing a browser could be tricked into sending (so no CSRF token either). Refusals are thrown, not
 * written, so the gateway's error handler answers them as every other problem (contract §4, §9).
 */
@Configuration(proxyBeanMethods = false)
@EnableWebFluxSecurity
class GatewaySecurity {

    @Bean
    ReactiveJwtDecoder shopperTokenDecoder(JwtTokens tokens) {
        return tokens.decoder();
    }

    @Bean
    SecurityWebFilterChain gatewaySecurityChain(ServerHttpSecurity http, ReactiveJwtDecoder shopperTokenDecoder) {
        return http
                .csrf(ServerHttpSecurity.CsrfSpec::disable)
                .httpBasic(ServerHttpSecurity.HttpBasicSpec::disable)
                .formLogin(ServerHttpSecurity.FormLoginSpec::disable)
                .logout(ServerHttpSecurity.LogoutSpec::disable)
                // SecurityHeadersFilter sets them on every answer, the ones refused before this chain included.
                .headers(ServerHttpSecurity.HeaderSpec::disable)
                .requestCache(cache -> cache.requestCache(NoOpServerRequestCache.getInstance()))
                .securityContextRepository(NoOpServerSecurityContextRepository.getInstance())
                .authorizeExchange(AccessRules::apply)
                .oauth2ResourceServer(server -> server
                        .jwt(jwt -> jwt.jwtDecoder(shopperTokenDecoder)
                                .jwtAuthenticationConverter(token -> Mono.just(JwtTokens.authentication(token))))
                        .authenticationFailureHandler(badToken())
                        .authenticationEntryPoint((exchange, e) -> Mono.error(new MissingToken()))
                        .accessDeniedHandler((exchange, e) -> Mono.error(new AdminRoleRequired())))
                .exceptionHandling(refusals -> refusals
                        .authenticationEntryPoint((exchange, e) -> Mono.error(new MissingToken()))
                        .accessDeniedHandler((exchange, e) -> Mono.error(new AdminRoleRequired())))
                .build();
    }

    /** The strict firewall, its header checks written as loops ({@link HeaderText}): same rules, no regular expression per header. */
    @Bean
    ServerWebExchangeFirewall exchangeFirewall() {
        StrictServerWebExchangeFirewall firewall = new StrictServerWebExchangeFirewall();
        firewall.setAllowedHeaderNames(HeaderText::isAllowedName);
        firewall.setAllowedHeaderValues(HeaderText::isAllowedValue);
        return firewall;
    }

    /**
     * No observation of Spring Security's own steps (a timer and a span per WebFilter, per authentication, per
     * authorization: 4 % of the gateway's CPU under a purchase crowd, docs/PERFORMANCE.md); no dashboard or alert
     * reads them. {@code http.server.requests} is observed as before.
     */
    @Bean
    SecurityObservationSettings securityObservationSettings() {
        return SecurityObservationSettings.noObservations();
    }

    /** What the firewall refuses (a method outside the usual seven, a control character in a header) is a 400 problem. */
    @Bean
    ServerExchangeRejectedHandler rejectedRequests() {
        return (exchange, rejected) -> Mono.error(new RejectedRequest());
    }

    /**
     * A token that fails is refused where a token is needed; on a public path it is ignored, so a stale
     * token left in a browser does not break browsing the activities.
     */
    private static ServerAuthenticationFailureHandler badToken() {
        return (filterExchange, failure) -> AccessRules.required(filterExchange.getExchange())
                .flatMap(access -> access == AccessRules.Access.PUBLIC
                        ? filterExchange.getChain().filter(filterExchange.getExchange())
                        : Mono.error(JwtTokens.invalid(failure)));
    }
}
