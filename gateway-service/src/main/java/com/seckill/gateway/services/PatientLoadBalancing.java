package com.seckill.gateway.services;

import org.springframework.cloud.loadbalancer.core.ServiceInstanceListSupplier;
import org.springframework.cloud.loadbalancer.support.LoadBalancerClientFactory;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;

/**
 * The instances of each inner service the gateway balances over: from discovery (static or Nacos),
 * refetched and checked for readiness by {@link PatientHealthCheck} with the {@link ReadinessProbes}. Not a
 * {@code @Configuration}: it is the default configuration of every load balancer's own context
 * ({@link LoadBalancerClientsSetup}), and must not become a bean of the application's.
 */
class PatientLoadBalancing {

    @Bean
    ServiceInstanceListSupplier patientlyCheckedInstances(ConfigurableApplicationContext context) {
        LoadBalancerClientFactory factory = context.getBean(LoadBalancerClientFactory.class);
        ReadinessProbes probes = context.getBean(ReadinessProbes.class);
        return ServiceInstanceListSupplier.builder().withDiscoveryClient()
                .with((ctx, delegate) -> new PatientHealthCheck(delegate, factory, probes::ready))
                .build(context);
    }
}
