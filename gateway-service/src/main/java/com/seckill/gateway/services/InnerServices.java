package com.seckill.gateway.services;

import com.seckill.common.trust.InternalTokens;
import java.time.Clock;
import org.springframework.cloud.client.loadbalancer.reactive.ReactorLoadBalancerExchangeFilterFunction;
import org.springframework.stereotype.Component;
import org.springframework.http.HttpHeaders;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Mono;

/**
 * The gateway's own calls to an inner service ({@code http://seckill-service/...}, through the load
 * balancer), each signed as a forwarded request (contract §9) for the user it acts for, or for nobody.
 */
@Component
public class InnerServices {

    private final InternalTokens tokens;
    private final Clock clock;
    private final WebClient client;

    /** Its own client with the load balancer's filter: the application's WebClient.Builder stays plain. */
    InnerServices(InternalTokens tokens, Clock clock, ReactorLoadBalancerExchangeFilterFunction loadBalancer) {
        this.tokens = tokens;
        this.clock = clock;
        this.client = WebClient.builder().filter(loadBalancer).build();
    }

    /** {@code GET http://service/path} as {@code userId} (null: anonymous), the body as text. */
    public Mono<String> get(String service, String path, String query, Long userId, boolean admin) {
        String token = tokens.forwarded(userId, admin, "GET", path, clock.instant());
        return client.get().uri("http://" + service + path + (query == null ? "" : "?" + query))
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token)
                .retrieve().bodyToMono(String.class);
    }
}
