package com.seckill.gateway.blacklist;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.common.redis.LuaScripts;
import com.seckill.gateway.redis.GatewayKeys;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * The copy of the deny list every gateway instance reads: a Redis hash of JSON entries, and a version
 * number bumped on each change so instances reload only when something moved. MySQL
 * ({@link BlacklistTable}) holds the list; this copy is only ever created whole from it, so a copy
 * Redis lost is rebuilt, never patched.
 */
@Component
class BlacklistCopy {

    private static final Logger log = LoggerFactory.getLogger(BlacklistCopy.class);
    private static final RedisScript<Long> PUT = RedisScript.of(LuaScripts.text("lua/blacklist_put.lua"), Long.class);
    private static final RedisScript<Long> REMOVE = RedisScript.of(LuaScripts.text("lua/blacklist_remove.lua"), Long.class);
    private static final RedisScript<Long> REBUILD = RedisScript.of(LuaScripts.text("lua/blacklist_rebuild.lua"), Long.class);
    private static final long MISSING = -1;

    private final ReactiveStringRedisTemplate redis;
    private final ObjectMapper json;

    BlacklistCopy(ReactiveStringRedisTemplate redis, ObjectMapper json) {
        this.redis = redis;
        this.json = json;
    }

    /** @return false when there is no copy to add to */
    Mono<Boolean> put(BlacklistEntry entry) {
        return redis.execute(PUT, keys(), List.of(Long.toString(entry.id()), write(entry)))
                .next().map(answer -> answer != MISSING);
    }

    /** @return false when there is no copy to remove from */
    Mono<Boolean> remove(long id) {
        return redis.execute(REMOVE, keys(), List.of(Long.toString(id))).next().map(answer -> answer != MISSING);
    }

    /** Writes the copy from MySQL's entries unless one exists; {@code version} must differ from any seen before. */
    Mono<Void> rebuild(List<BlacklistEntry> entries, long version) {
        List<String> args = new ArrayList<>(1 + 2 * entries.size());
        args.add(Long.toString(version));
        for (BlacklistEntry entry : entries) {
            args.add(Long.toString(entry.id()));
            args.add(write(entry));
        }
        return redis.execute(REBUILD, keys(), args).then();
    }

    /** Drops the copy: the next refresh of any instance rebuilds it from MySQL. */
    Mono<Void> discard() {
        return redis.delete(GatewayKeys.blacklistVersion()).then();
    }

    /** The current version, or empty when there is no copy (never built, or lost with Redis). */
    Mono<Long> version() {
        return redis.opsForValue().get(GatewayKeys.blacklistVersion()).map(Long::parseLong);
    }

    Mono<List<BlacklistEntry>> all() {
        return redis.<String, String>opsForHash().entries(GatewayKeys.blacklist())
                .flatMapIterable(entry -> parse(entry).map(List::of).orElse(List.of()))
                .collectList();
    }

    private static List<String> keys() {
        return List.of(GatewayKeys.blacklist(), GatewayKeys.blacklistVersion());
    }

    private String write(BlacklistEntry entry) {
        try {
            return json.writeValueAsString(entry);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("A blacklist entry always serialises", e);
        }
    }

    private Optional<BlacklistEntry> parse(Map.Entry<String, String> stored) {
        try {
            return Optional.of(json.readValue(stored.getValue(), BlacklistEntry.class));
        } catch (JsonProcessingException e) {
            // One unreadable entry must not disable the whole list.
            log.warn("Skipping unreadable blacklist entry {}: {}", stored.getKey(), e.getOriginalMessage());
            return Optional.empty();
        }
    }
}
