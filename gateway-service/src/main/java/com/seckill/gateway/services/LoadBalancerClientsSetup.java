package com.seckill.gateway.services;

import org.springframework.cloud.loadbalancer.annotation.LoadBalancerClients;
import org.springframework.context.annotation.Configuration;

/** Every load-balanced service of the gateway gets {@link PatientLoadBalancing}'s instance list. */
@Configuration(proxyBeanMethods = false)
@LoadBalancerClients(defaultConfiguration = PatientLoadBalancing.class)
class LoadBalancerClientsSetup {
}
