package com.seckill.gateway.services;

import java.time.Duration;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.cloud.client.ServiceInstance;
import org.springframework.http.HttpStatus;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.util.UriComponentsBuilder;
import reactor.core.publisher.Mono;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;
import reactor.netty.resources.LoopResources;

/**
 * The load balancers' readiness probes, sent and read on an event loop of their own. On the gateway's shared
 * loops a probe's answer waited its turn behind the crowd's connections: a gateway started cold under a crowd
 * took longer than a probe's wait to go round them all, judged its only seckill-service silent three rounds in
 * a row, dropped it, and every shopper got 503 while the crowd lasted. A thread of its own is scheduled beside
 * the busy loops and reads the answer when it comes, so a silent probe means a silent instance again.
 */
@Component
class ReadinessProbes implements DisposableBean {

    /** Shutting down: no quiet period to wait for (a probe under way is dropped), and a bound on the rest. */
    private static final Duration CLOSE_WITHIN = Duration.ofSeconds(5);

    private final LoopResources loop = LoopResources.create("lb-probe", 1, true);
    private final ConnectionProvider connections = ConnectionProvider.create("lb-probes", 16);
    private final WebClient client = WebClient.builder()
            .clientConnector(new ReactorClientHttpConnector(HttpClient.create(connections).runOn(loop)))
            .build();

    /** Whether the instance's readiness at {@code path} answers 200. */
    Mono<Boolean> ready(ServiceInstance instance, String path) {
        return client.get().uri(UriComponentsBuilder.fromUri(instance.getUri()).path(path).build().toUri())
                .exchangeToMono(answer -> Mono.just(answer.statusCode().value() == HttpStatus.OK.value()));
    }

    @Override
    public void destroy() {
        connections.disposeLater().then(loop.disposeLater(Duration.ZERO, CLOSE_WITHIN)).block();
    }
}
