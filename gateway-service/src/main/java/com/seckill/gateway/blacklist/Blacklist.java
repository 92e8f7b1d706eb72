package com.seckill.gateway.blacklist;

import com.seckill.gateway.client.ClientAddresses;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The deny list as every request sees it: an in-memory snapshot, so checking costs no Redis call.
 * MySQL holds the list ({@link BlacklistTable}); Redis holds the copy all instances read
 * ({@link BlacklistCopy}). Each instance polls the copy's version every {@code refresh}
 * ({@link BlacklistPolling}) and reloads
 * when it changed, in either direction: a copy Redis lost is rebuilt from MySQL by the first instance
 * that finds it missing, with a version no instance held before, so every instance reloads within a
 * refresh period and nothing MySQL holds is lost. Every {@code resync} each instance also checks that
 * the copy holds what MySQL holds (a change whose Redis write failed), and drops the copy if not.
 * Expiry is decided per request against the clock, so an entry stops applying at its
 * {@code expiresAt} exactly. If Redis is unreachable the last snapshot keeps applying.
 */
@Component
public class Blacklist {

    private static final Logger log = LoggerFactory.getLogger(Blacklist.class);

    private final BlacklistTable table;
    private final BlacklistCopy copy;
    private final Clock clock;
    private final AtomicLong reloads = new AtomicLong();
    private volatile Snapshot snapshot = new Snapshot(-1, null, Long.MAX_VALUE, Set.of(), Map.of(), Map.of());

    Blacklist(BlacklistTable table, BlacklistCopy copy, Clock clock) {
        this.table = table;
        this.copy = copy;
        this.clock = clock;
    }

    /**
     * Who is blocked, and until when (epoch ms; {@link Long#MAX_VALUE} for good).
     *
     * @param reload     the local sequence number of the reload that built it
     * @param version    the copy's version it was read at
     * @param nextExpiry when the first of these entries expires: time to purge it
     */
    private record Snapshot(long reload, Long version, long nextExpiry, Set<Long> ids, Map<Long, Long> users,
                            Map<String, Long> addresses) {

        /** The entries active at {@code now}; a user or address listed twice is blocked until the later end. */
        static Snapshot of(long reload, long version, List<BlacklistEntry> entries, Instant now) {
            Map<Long, Long> users = new HashMap<>();
            Map<String, Long> addresses = new HashMap<>();
            long nextExpiry = Long.MAX_VALUE;
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
            Set<Long> ids = entries.stream().filter(e -> e.activeAt(now)).map(BlacklistEntry::id).collect(Collectors.toSet());
            return new Snapshot(reload, version, nextExpiry, Set.copyOf(ids), Map.copyOf(users), Map.copyOf(addresses));
        }
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
        // Whole seconds, as every database keeps them (MariaDB through Connector/J drops the fraction), the
        // expiry rounded up: a block never ends before the moment it was given, and the copy in Redis ends with it.
        Instant expiresAt = request.expiresAt() == null ? null : ceilToSecond(request.expiresAt());
        return table.insert(request.userId(), ip, request.reason().strip(), expiresAt, now.truncatedTo(ChronoUnit.SECONDS), adminId)
                .flatMap(entry -> copied(copy.put(entry)).then(refreshQuietly()).thenReturn(entry));
    }

    private static Instant ceilToSecond(Instant instant) {
        Instant second = instant.truncatedTo(ChronoUnit.SECONDS);
        return second.equals(instant) ? second : second.plusSeconds(1);
    }

    Mono<Void> remove(long id) {
        return table.delete(id).flatMap(removed -> removed
                ? copied(copy.remove(id)).then(refreshQuietly())
                : Mono.error(new UnknownBlacklistEntry(Long.toString(id))));
    }

    /** The list as MySQL holds it. */
    Mono<List<BlacklistEntry>> list() {
        return table.all();
    }

    /**
     * A change is made in MySQL first, then in the copy; when there is no copy it is rebuilt from
     * MySQL, which holds the change already. When Redis cannot be written the change stands in MySQL
     * and reaches the copy at the next resync.
     */
    private Mono<Void> copied(Mono<Boolean> change) {
        return change.flatMap(applied -> applied ? Mono.<Void>empty() : rebuildCopy())
                .onErrorResume(failure -> {
                    log.warn("Blacklist change stored in MySQL, not yet in Redis: {}", failure.toString());
                    return Mono.empty();
                });
    }

    private Mono<Void> refreshQuietly() {
        return refresh().onErrorResume(failure -> Mono.empty());
    }

    /** Reloads when the copy's version changed or an entry expired; rebuilds a missing copy from MySQL. */
    Mono<Void> refresh() {
        return copy.version()
                .switchIfEmpty(Mono.defer(() -> rebuildCopy().then(copy.version())))
                .flatMap(version -> {
                    Snapshot current = snapshot;
                    return version.equals(current.version()) && clock.millis() < current.nextExpiry()
                            ? Mono.empty() : reload(version);
                });
    }

    private Mono<Void> rebuildCopy() {
        return table.all().flatMap(entries -> {
            log.info("Blacklist copy rebuilt in Redis from MySQL: {} entries", entries.size());
            return copy.rebuild(entries, clock.millis());
        });
    }

    private Mono<Void> reload(long version) {
        long reload = reloads.incrementAndGet();
        return copy.all().flatMap(entries -> {
            Instant now = clock.instant();
            List<BlacklistEntry> expired = entries.stream().filter(e -> !e.activeAt(now)).toList();
            install(Snapshot.of(reload, version, entries, now));
            return Flux.fromIterable(expired).concatMap(e -> table.delete(e.id()).then(copy.remove(e.id()))).then();
        });
    }

    /** Never lets a reload that started earlier replace what a later one installed. */
    private synchronized void install(Snapshot loaded) {
        if (loaded.reload() > snapshot.reload()) {
            snapshot = loaded;
        }
    }

    /** The copy holds what MySQL holds, or is dropped to be rebuilt. */
    Mono<Void> resync() {
        return table.all().flatMap(entries -> {
            Instant now = clock.instant();
            Set<Long> inMysql = entries.stream().filter(e -> e.activeAt(now)).map(BlacklistEntry::id).collect(Collectors.toSet());
            Snapshot current = snapshot;
            if (current.version() == null || Objects.equals(inMysql, current.ids())) {
                return Mono.empty();
            }
            log.warn("Blacklist copy differs from MySQL ({} entries in Redis, {} in MySQL): rebuilding it",
                    current.ids().size(), inMysql.size());
            return copy.discard();
        });
    }
}
