package com.seckill.gateway.services;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.cloud.client.ServiceInstance;
import org.springframework.cloud.client.loadbalancer.reactive.ReactiveLoadBalancer;
import org.springframework.cloud.loadbalancer.core.HealthCheckServiceInstanceListSupplier;
import org.springframework.cloud.loadbalancer.core.ServiceInstanceListSupplier;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The load balancer's readiness checks, patient with an instance that is only slow to answer.
 * <p>
 * Spring's check drops an instance the first time its readiness does not answer within the interval.
 * Under a crowd that is what a busy instance does: its probe waits behind the requests in flight, so the
 * only instance of seckill-service left the rotation mid-sale and every shopper got 503 for as long as
 * the crowd kept the gateway too busy to see it answer again (25 s in one bench run). Here an instance
 * that refuses the connection or answers anything but 200 (dead, draining) leaves at once, as before;
 * one that stays silent is kept for {@value #SILENT_ROUNDS} rounds in a row before it leaves (a process
 * paused or hung: about three intervals), and one never seen ready is not let in until it answers. Each
 * check waits at most three quarters of the interval, so that a round ends before the next refetch of
 * the instances restarts it.
 */
final class PatientHealthCheck extends HealthCheckServiceInstanceListSupplier {

    private static final Logger log = LoggerFactory.getLogger(PatientHealthCheck.class);

    /** Rounds in a row an instance may stay silent before it leaves the rotation. */
    static final int SILENT_ROUNDS = 3;

    enum Verdict { READY, DOWN, SILENT }

    private final Duration interval;
    private final Duration wait;
    /** By instance: rounds in a row it has been silent since it was last ready; absent when it is out. */
    private final Map<String, Integer> silentRounds = new HashMap<>();

    PatientHealthCheck(ServiceInstanceListSupplier delegate, ReactiveLoadBalancer.Factory<ServiceInstance> factory,
                       BiFunction<ServiceInstance, String, Mono<Boolean>> ready) {
        super(delegate, factory, ready);
        this.interval = factory.getProperties(delegate.getServiceId()).getHealthCheck().getInterval();
        this.wait = interval.multipliedBy(3).dividedBy(4);
    }

    @Override
    protected Flux<List<ServiceInstance>> healthCheckFlux(List<ServiceInstance> instances) {
        return Flux.defer(() -> Flux.fromIterable(instances)
                        .flatMap(instance -> check(instance).map(verdict -> Map.entry(instance, verdict)))
                        .collectList()
                        .map(this::judge))
                .repeatWhen(rounds -> rounds.delayElements(interval));
    }

    /** One probe's verdict; whatever goes wrong making it is the instance's DOWN, never the end of the checks. */
    private Mono<Verdict> check(ServiceInstance instance) {
        return Mono.defer(() -> isAlive(instance)).map(ready -> ready ? Verdict.READY : Verdict.DOWN)
                .onErrorResume(error -> Mono.just(Verdict.DOWN))
                .timeout(wait, Mono.just(Verdict.SILENT));
    }

    /** The instances in rotation after a round of checks; an instance that leaves or comes back is logged once. */
    private synchronized List<ServiceInstance> judge(List<Map.Entry<ServiceInstance, Verdict>> round) {
        Map<String, Integer> before = new HashMap<>(silentRounds);
        silentRounds.clear();
        for (Map.Entry<ServiceInstance, Verdict> checked : round) {
            String key = checked.getKey().getUri().toString();
            Integer silent = before.get(key);
            switch (checked.getValue()) {
                case READY -> silentRounds.put(key, 0);
                case SILENT -> {
                    if (silent != null && silent + 1 < SILENT_ROUNDS) {
                        silentRounds.put(key, silent + 1);
                    }
                }
                case DOWN -> {
                    // out at once
                }
            }
            if (silent != null && !silentRounds.containsKey(key)) {
                log.warn("{} {} left the rotation: {}", getServiceId(), key, checked.getValue() == Verdict.DOWN
                        ? "refused or not ready" : "its readiness went unanswered " + SILENT_ROUNDS + " rounds in a row");
            } else if (silent == null && silentRounds.containsKey(key)) {
                log.info("{} {} is in the rotation: ready", getServiceId(), key);
            }
        }
        return round.stream().map(Map.Entry::getKey).filter(i -> silentRounds.containsKey(i.getUri().toString())).toList();
    }
}
