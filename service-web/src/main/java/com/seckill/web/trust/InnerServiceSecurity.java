package com.seckill.web.trust;

import com.seckill.common.error.ErrorCode;
import jakarta.servlet.DispatcherType;
import org.springframework.security.authentication.ProviderManager;
import org.springframework.security.authorization.AuthorizationDeniedException;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.access.AccessDeniedHandler;
import org.springframework.security.web.access.intercept.AuthorizationFilter;
import org.springframework.security.web.firewall.RequestRejectedHandler;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.util.matcher.RequestMatcher;

/**
 * The door of an inner service (contract §9), as a Spring Security chain. Nothing but an internal token is
 * believed: a request without one (say, sent straight to the service's port) is 401, whatever headers it carries.
 * A token the gateway signed stands for the request it forwarded (same method, same path) and names its user;
 * service tokens open {@code /internal/} only, where {@link ServiceOnly} names the scope. Actuator endpoints
 * (health for the launcher and orchestrators, metrics for scrapers) and the OpenAPI document stay open: they act
 * for nobody. Stateless: no session, no saved request, no CSRF token (no browser holds a credential here).
 */
final class InnerServiceSecurity {

    private static final String NO_INTERNAL_TOKEN = "This service answers the gateway and the platform's services only";

    private InnerServiceSecurity() {
    }

    static SecurityFilterChain chain(HttpSecurity http, InternalTokenAuthentication tokens, Problems problems) throws Exception {
        ProviderManager internalTokens = new ProviderManager(tokens);
        AuthenticationEntryPoint noToken = (request, response, e) -> problems.write(response, ErrorCode.UNAUTHENTICATED, NO_INTERNAL_TOKEN);
        AccessDeniedHandler refused = (request, response, e) -> {
            if (e instanceof AuthorizationDeniedException denied && denied.getAuthorizationResult() instanceof Refusal refusal) {
                problems.write(response, refusal.code(), refusal.detail());
            } else {
                problems.write(response, ErrorCode.FORBIDDEN, "Not allowed");
            }
        };
        return http
                .csrf(AbstractHttpConfigurer::disable)
                .httpBasic(AbstractHttpConfigurer::disable)
                .formLogin(AbstractHttpConfigurer::disable)
                .logout(AbstractHttpConfigurer::disable)
                .requestCache(AbstractHttpConfigurer::disable)
                // the gateway sets the headers browsers read; nothing here is served to a browser directly
                .headers(AbstractHttpConfigurer::disable)
                .sessionManagement(sessions -> sessions.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .authorizeHttpRequests(rules -> rules
                        // the error page and async completions of a request that was already let in
                        .dispatcherTypeMatchers(DispatcherType.ERROR, DispatcherType.ASYNC).permitAll()
                        .requestMatchers(path("/actuator"), path("/actuator/**"), path("/v3/api-docs"), path("/v3/api-docs/**"))
                        .permitAll()
                        .requestMatchers(path("/internal/**")).access(CallerRules.serviceCall())
                        .requestMatchers(path("/api/admin/**")).access(CallerRules.forwardedRequest(true))
                        .anyRequest().access(CallerRules.forwardedRequest(false)))
                .oauth2ResourceServer(server -> server
                        .authenticationManagerResolver(request -> internalTokens)
                        .authenticationEntryPoint(noToken)
                        .accessDeniedHandler(refused))
                .exceptionHandling(refusals -> refusals.authenticationEntryPoint(noToken).accessDeniedHandler(refused))
                .addFilterAfter(new VerifiedIdentityFilter(), AuthorizationFilter.class)
                .build();
    }

    /** What the firewall refuses (a method outside the usual seven, a header no client sends) is a 400 problem. */
    static RequestRejectedHandler rejected(Problems problems) {
        return (request, response, rejected) -> problems.write(response, ErrorCode.BAD_REQUEST,
                "Request refused: use GET, HEAD, POST, PUT, PATCH, DELETE or OPTIONS with printable headers");
    }

    private static RequestMatcher path(String pattern) {
        return PathPatternRequestMatcher.withDefaults().matcher(pattern);
    }
}
