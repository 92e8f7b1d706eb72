package com.seckill.gateway.web;

import com.seckill.gateway.GatewayFilterOrder;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * Security headers on every answer: the gateway's page, its own endpoints, routed answers and errors.
 * Set just before the response is committed, so a downstream service cannot drop or weaken them.
 * The page's policy allows only its own script, style and images (the captcha arrives as a blob:);
 * API answers are data, never rendered, framed or cached.
 */
@Component
@Order(GatewayFilterOrder.SECURITY_HEADERS)
class SecurityHeadersFilter implements WebFilter {

    static final String PAGE_POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob:; "
            + "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
    static final String API_POLICY = "default-src 'none'; frame-ancestors 'none'";

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        boolean api = exchange.getRequest().getPath().pathWithinApplication().value().startsWith("/api/");
        exchange.getResponse().beforeCommit(() -> {
            HttpHeaders headers = exchange.getResponse().getHeaders();
            headers.set("X-Content-Type-Options", "nosniff");
            headers.set("X-Frame-Options", "DENY");
            headers.set("Referrer-Policy", "no-referrer");
            headers.set("Content-Security-Policy", api ? API_POLICY : PAGE_POLICY);
            if (api) {
                headers.set(HttpHeaders.CACHE_CONTROL, "no-store");
            }
            return Mono.empty();
        });
        return chain.filter(exchange);
    }
}
