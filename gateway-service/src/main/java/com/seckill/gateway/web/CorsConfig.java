package com.seckill.gateway.web;

import com.seckill.common.error.ErrorCode;
import com.seckill.common.error.SeckillException;
import com.seckill.gateway.GatewayFilterOrder;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.cors.CorsConfiguration;
import org.springframework.web.cors.reactive.CorsProcessor;
import org.springframework.web.cors.reactive.CorsUtils;
import org.springframework.web.cors.reactive.DefaultCorsProcessor;
import org.springframework.web.cors.reactive.UrlBasedCorsConfigurationSource;
import org.springframework.web.server.WebFilter;
import reactor.core.publisher.Mono;

/**
 * Explicit CORS for the API. With no allowed origins configured there is no CORS configuration at all,
 * so browsers keep their same-origin rule: no cross-origin page can read an answer, and a preflight is
 * refused. Runs before authentication, since a preflight carries no token. A refusal is a 403
 * problem like any other (Spring's own CORS filter answers it with an empty body).
 */
@Configuration(proxyBeanMethods = false)
class CorsConfig {

    private static final Pattern ORIGIN = Pattern.compile(
            "[A-Za-z][A-Za-z0-9+.-]*://(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*"
                    + "|\\[[0-9A-Fa-f:.]+])(?::([0-9]{1,5}))?");
    private static final int MAX_PORT = 65_535;

    @Bean
    @Order(GatewayFilterOrder.CORS)
    WebFilter corsWebFilter(CorsProperties properties) {
        UrlBasedCorsConfigurationSource source = new UrlBasedCorsConfigurationSource();
        if (!properties.allowedOrigins().isEmpty()) {
            CorsConfiguration api = new CorsConfiguration();
            api.setAllowedOrigins(properties.allowedOrigins());
            api.setAllowedMethods(List.of("GET", "POST", "PUT", "DELETE"));
            api.setAllowedHeaders(List.of(HttpHeaders.AUTHORIZATION, HttpHeaders.CONTENT_TYPE));
            api.setExposedHeaders(List.of(HttpHeaders.RETRY_AFTER));
            // Bearer tokens, not cookies: the browser needs no credentials mode.
            api.setAllowCredentials(false);
            api.setMaxAge(properties.maxAge());
            source.registerCorsConfiguration("/api/**", api);
        }
        CorsProcessor processor = new DefaultCorsProcessor();
        return (exchange, chain) -> {
            ServerHttpRequest request = exchange.getRequest();
            List<String> origins = request.getHeaders().getOrEmpty(HttpHeaders.ORIGIN);
            if (!origins.isEmpty() && (origins.size() > 1 || !isSerializedOrigin(origins.get(0)))) {
                return Mono.error(new MalformedOrigin());
            }
            if (!CorsUtils.isCorsRequest(request)) {
                return chain.filter(exchange);
            }
            boolean preflight = CorsUtils.isPreFlightRequest(request);
            CorsConfiguration config = source.getCorsConfiguration(exchange);
            if (config == null) {
                // no permission to give: a plain cross-origin request goes on (the browser will not let
                // the page read the answer), a preflight asks for a permission there is not
                return preflight ? Mono.error(new CrossOriginRefused()) : chain.filter(exchange);
            }
            if (!processor.process(config, exchange)) {
                return Mono.error(new CrossOriginRefused());
            }
            return preflight ? Mono.empty() : chain.filter(exchange);
        };
    }

    /**
     * An origin as browsers send it (RFC 6454 §6.2): {@code null}, or {@code scheme://host} with an optional port of
     * at most 65535, the host a name of letters, digits, dots and hyphens, or an address ({@code [v6]} too). Spring's
     * parser throws on what is not a URL at all, and reads some of what is not an origin as one.
     */
    static boolean isSerializedOrigin(String origin) {
        if ("null".equals(origin)) {
            return true;
        }
        Matcher parts = ORIGIN.matcher(origin);
        return parts.matches() && (parts.group(1) == null || Integer.parseInt(parts.group(1)) <= MAX_PORT);
    }

    /** The Origin header is not an origin, or there are several. */
    static final class MalformedOrigin extends SeckillException {

        MalformedOrigin() {
            super(ErrorCode.BAD_REQUEST, "Malformed Origin header: one origin, scheme://host[:port], or null");
        }
    }

    /** The origin, method or headers of a cross-origin request are not allowed. */
    static final class CrossOriginRefused extends SeckillException {

        CrossOriginRefused() {
            super(ErrorCode.FORBIDDEN, "Cross-origin request refused: this origin, method or header is not allowed");
        }
    }
}
