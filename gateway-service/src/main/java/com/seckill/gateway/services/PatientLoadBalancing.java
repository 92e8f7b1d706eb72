package com.seckill.gateway.services;

import org.springframework.cloud.loadbalancer.core.ServiceInstanceListSupplier;
import org.springframework.cloud.loadbalancer.support.LoadBalancerClientFactory;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.http.HttpStatus;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.util.UriComponentsBuilder;
import reactor.core.publisher.Mono;

/**
 * The instances of each inner service the gateway balances over: from discovery (static or Nacos),
 * refetched and checked for readiness by {@link PatientHealthCheck}. Not a {@code @Configuration}: it is
 * the default configuration of every load balancer's own context ({@link LoadBalancerClientsSetup}),
 * and must not become a bean of the application's.
 */
class PatientLoadBalancing {

    @Bean
    ServiceInstanceListSupplier patientlyCheckedInstances(ConfigurableApplicationContext context) {
        LoadBalancerClientFactory factory = context.getBean(LoadBalancerClientFactory.class);
        WebClient probes = context.getBean(WebClient.Builder.class).build();
        return ServiceInstanceListSupplier.builder().withDiscoveryClient()
                .with((ctx, delegate) -> new PatientHealthCheck(delegate, factory, (instance, path) -> probes.get()
                        .uri(UriComponentsBuilder.fromUri(instance.getUri()).path(path).build().toUri())
                        .exchangeToMono(answer -> Mono.just(answer.statusCode().value() == HttpStatus.OK.value()))))
                .build(context);
    }
}
