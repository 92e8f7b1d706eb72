package com.seckill.gateway.blacklist;

import com.seckill.gateway.client.ClientAddresses;
import java.time.Clock;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.stereotype.Component;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The deny list as every request sees it: an in-memory snapshot, so checking costs no Redis call.
 * Each instance polls the list's version every {@code refresh} and reloads the entries when it moved,
 * so a change made through any instance applies on all of them within that period, without a restart.
 * Expiry is decided per request against the clock, so an entry stops applying at its
 * {@code expiresAt} exactly, whatever the refresh period. If Redis is unreachable the last snapshot
 * keeps applying (a Redis outage neither lifts nor adds blocks).
 */
@Component
public class Blacklist implements InitializingBean, DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(Blacklist.class);

    private final BlacklistStore store;
    private final BlacklistProperties properties;
    private final Clock clock;
    private volatile Snapshot snapshot = new Snapshot(-1, Long.MAX_VALUE, Map.of(), Map.of());
    private Disposable polling;

    Blacklist(BlacklistStore store, BlacklistProperties properties, Clock clock) {
        this.store = store;
        this.properties = properties;
        this.clock = clock;
    }

    /**
     * Who is blocked, and until when (epoch ms; {@link Long#MAX_VALUE} for good).
     *
     * @param nextExpiry when the first of these entries expires: time to purge it from Redis
     */
    private record Snapshot(long version, long nextExpiry, Map<Long, Long> users, Map<String, Long> addresses) {
    }

    public boolean blocksUser(long userId) {
        Long until = snapshot.users().get(userId);
        return until != null && clock.millis() < until;
    }

    /** @param address canonical text, as {@link ClientAddresses} gives it */
    public boolean blocksAddress(String address) {
        Long until = snapshot.addresses().get(address);
        return until != null && clock.millis() < until;
    }

    Mono<BlacklistEntry> add(NewBlacklistEntry request, long adminId) {
        Instant now = clock.instant();
        String ip = null;
        if (request.ip() != null) {
            ip = ClientAddresses.canonicalLiteral(request.ip())
                    .orElseThrow(() -> new InvalidBlacklistEntry("ip must be an IPv4 or IPv6 address"));
        }
        if (request.expiresAt() != null && !request.expiresAt().isAfter(now)) {
            throw new InvalidBlacklistEntry("expiresAt must be in the future");
        }
        String address = ip;
        return store.nextId()
                .map(id -> new BlacklistEntry(id, request.userId(), address, request.reason().strip(),
                        request.expiresAt(), now, adminId))
                .flatMap(entry -> store.put(entry).then(refresh()).thenReturn(entry));
    }

    Mono<Void> remove(long id) {
        return store.remove(id).flatMap(removed -> removed ? refresh() : Mono.error(new UnknownBlacklistEntry(Long.toString(id))));
    }

    Mono<List<BlacklistEntry>> list() {
        return store.all().map(entries -> entries.stream().sorted(Comparator.comparingLong(BlacklistEntry::id)).toList());
    }

    /** Reloads the entries when the version moved or one of them expired; purges the expired ones. */
    Mono<Void> refresh() {
        return store.version().flatMap(version -> {
            Snapshot current = snapshot;
            return version == current.version() && clock.millis() < current.nextExpiry() ? Mono.empty() : reload(version);
        });
    }

    private Mono<Void> reload(long version) {
        return store.all().flatMap(entries -> {
            Instant now = clock.instant();
            Map<Long, Long> users = new HashMap<>();
            Map<String, Long> addresses = new HashMap<>();
            long nextExpiry = Long.MAX_VALUE;
            List<BlacklistEntry> expired = entries.stream().filter(e -> !e.activeAt(now)).toList();
            for (BlacklistEntry entry : entries) {
                if (!entry.activeAt(now)) {
                    continue;
                }
                long until = entry.expiresAt() == null ? Long.MAX_VALUE : entry.expiresAt().toEpochMilli();
                nextExpiry = Math.min(nextExpiry, until);
                if (entry.userId() != null) {
                    users.merge(entry.userId(), until, Math::max);
                }
                if (entry.ip() != null) {
                    addresses.merge(entry.ip(), until, Math::max);
                }
            }
            install(new Snapshot(version, nextExpiry, Map.copyOf(users), Map.copyOf(addresses)));
            return Flux.fromIterable(expired).concatMap(e -> store.remove(e.id())).then();
        });
    }

    /** Never lets a slow reload replace what a newer one installed. */
    private synchronized void install(Snapshot loaded) {
        if (loaded.version() >= snapshot.version()) {
            snapshot = loaded;
        }
    }

    @Override
    public void afterPropertiesSet() {
        polling = Flux.interval(properties.refresh())
                .onBackpressureDrop()
                .concatMap(tick -> refresh().onErrorResume(failure -> {
                    log.debug("Blacklist not refreshed, keeping the last one: {}", failure.toString());
                    return Mono.empty();
                }), 1)
                .subscribe();
    }

    @Override
    public void destroy() {
        if (polling != null) {
            polling.dispose();
        }
    }
}
