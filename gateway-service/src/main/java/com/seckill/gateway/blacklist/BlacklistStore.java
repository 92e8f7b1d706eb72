package com.seckill.gateway.blacklist;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.common.redis.LuaScripts;
import com.seckill.common.redis.SeckillKeys;
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
 * Where the deny list lives: a Redis hash of JSON entries shared by every gateway instance, and a
 * version number bumped on each change so instances reload only when something moved. Redis rather
 * than MySQL keeps the gateway free of blocking JDBC; it survives restarts as far as Redis persists.
 */
@Component
class BlacklistStore {

    private static final Logger log = LoggerFactory.getLogger(BlacklistStore.class);

    private final ReactiveStringRedisTemplate redis;
    private final ObjectMapper json;
    private final RedisScript<Long> putScript;
    private final RedisScript<Long> removeScript;

    BlacklistStore(ReactiveStringRedisTemplate redis, ObjectMapper json) {
        this.redis = redis;
        this.json = json;
        this.putScript = LuaScripts.load("lua/blacklist_put.lua", Long.class);
        this.removeScript = LuaScripts.load("lua/blacklist_remove.lua", Long.class);
    }

    Mono<Long> nextId() {
        return redis.opsForValue().increment(SeckillKeys.blacklistSequence());
    }

    Mono<Void> put(BlacklistEntry entry) {
        String value;
        try {
            value = json.writeValueAsString(entry);
        } catch (JsonProcessingException e) {
            return Mono.error(new IllegalStateException("A blacklist entry always serialises", e));
        }
        return redis.execute(putScript, List.of(SeckillKeys.blacklist(), SeckillKeys.blacklistVersion()),
                List.of(Long.toString(entry.id()), value)).then();
    }

    /** @return whether the entry existed */
    Mono<Boolean> remove(long id) {
        return redis.execute(removeScript, List.of(SeckillKeys.blacklist(), SeckillKeys.blacklistVersion()),
                List.of(Long.toString(id))).next().map(removed -> removed == 1L).defaultIfEmpty(false);
    }

    /** The current version; 0 before the first change ever. */
    Mono<Long> version() {
        return redis.opsForValue().get(SeckillKeys.blacklistVersion()).map(Long::parseLong).defaultIfEmpty(0L);
    }

    Mono<List<BlacklistEntry>> all() {
        return redis.<String, String>opsForHash().entries(SeckillKeys.blacklist())
                .flatMapIterable(entry -> parse(entry).map(List::of).orElse(List.of()))
                .collectList();
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
