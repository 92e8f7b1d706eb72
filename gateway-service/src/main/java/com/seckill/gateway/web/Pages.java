package com.seckill.gateway.web;

import static org.springframework.web.reactive.function.server.RequestPredicates.GET;
import static org.springframework.web.reactive.function.server.RouterFunctions.route;

import java.time.Clock;
import java.util.Map;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.Resource;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.ServerResponse;

/**
 * The pages the gateway serves itself (contract §4): {@code /} (the shop, Boot's welcome page
 * {@code static/index.html}) and {@code /admin}, and {@code GET /api/time}, the clock the pages count
 * down by: a shopper's own clock may be minutes off, the sale starts by the server's.
 */
@Configuration(proxyBeanMethods = false)
class Pages {

    private static final Resource ADMIN = new ClassPathResource("static/admin.html");

    @Bean
    RouterFunction<ServerResponse> pageRoutes(Clock clock) {
        return route(GET("/admin"), request -> ServerResponse.ok().contentType(MediaType.TEXT_HTML)
                        .cacheControl(CacheControl.noCache()).bodyValue(ADMIN))
                .andRoute(GET("/api/time"), request -> ServerResponse.ok().contentType(MediaType.APPLICATION_JSON)
                        .cacheControl(CacheControl.noStore()).bodyValue(Map.of("epochMillis", clock.millis())));
    }
}
