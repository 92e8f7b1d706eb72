package com.seckill.gateway.blacklist;

import java.time.Duration;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.stereotype.Component;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The two loops that keep this instance's {@link Blacklist} current: a refresh every {@code refresh}
 * (the copy's version, an entry expiring) and a check against MySQL every {@code resync}. A round that
 * fails keeps the last snapshot; one round runs at a time, and a tick that finds one running is dropped.
 */
@Component
class BlacklistPolling implements InitializingBean, DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(BlacklistPolling.class);

    private final Blacklist blacklist;
    private final BlacklistProperties properties;
    private Disposable polling;
    private Disposable resyncing;

    BlacklistPolling(Blacklist blacklist, BlacklistProperties properties) {
        this.blacklist = blacklist;
        this.properties = properties;
    }

    @Override
    public void afterPropertiesSet() {
        polling = every(properties.refresh().toMillis(), blacklist::refresh, "refreshed");
        resyncing = every(properties.resync().toMillis(), blacklist::resync, "checked against MySQL");
    }

    private static Disposable every(long millis, Supplier<Mono<Void>> task, String what) {
        return Flux.interval(Duration.ofMillis(millis))
                .onBackpressureDrop()
                .concatMap(tick -> task.get().onErrorResume(failure -> {
                    log.debug("Blacklist not {}, keeping the last one: {}", what, failure.toString());
                    return Mono.empty();
                }), 1)
                .subscribe();
    }

    @Override
    public void destroy() {
        if (polling != null) {
            polling.dispose();
        }
        if (resyncing != null) {
            resyncing.dispose();
        }
    }
}
