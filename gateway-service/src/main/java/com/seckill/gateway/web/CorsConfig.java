package com.seckill.gateway.web;

import com.seckill.gateway.GatewayFilterOrder;
import java.util.List;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.web.cors.CorsConfiguration;
import org.springframework.web.cors.reactive.CorsWebFilter;
import org.springframework.web.cors.reactive.UrlBasedCorsConfigurationSource;

/**
 * Explicit CORS for the API. With no allowed origins configured there is no CORS configuration at all,
 * so browsers keep their same-origin rule: no cross-origin page can read an answer, and preflights get
 * no permission. Runs before authentication, since a preflight carries no token.
 */
@Configuration(proxyBeanMethods = false)
class CorsConfig {

    @Bean
    @Order(GatewayFilterOrder.CORS)
    CorsWebFilter corsWebFilter(CorsProperties properties) {
        UrlBasedCorsConfigurationSource source = new UrlBasedCorsConfigurationSource();
        if (!properties.allowedOrigins().isEmpty()) {
            CorsConfiguration api = new CorsConfiguration();
            api.setAllowedOrigins(properties.allowedOrigins());
            api.setAllowedMethods(List.of("GET", "POST", "DELETE"));
            api.setAllowedHeaders(List.of(HttpHeaders.AUTHORIZATION, HttpHeaders.CONTENT_TYPE));
            api.setExposedHeaders(List.of(HttpHeaders.RETRY_AFTER));
            // Bearer tokens, not cookies: the browser needs no credentials mode.
            api.setAllowCredentials(false);
            api.setMaxAge(properties.maxAge());
            source.registerCorsConfiguration("/api/**", api);
        }
        return new CorsWebFilter(source);
    }
}
