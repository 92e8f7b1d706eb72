package com.seckill.gateway.ratelimit;

import com.seckill.common.redis.LuaScripts;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import org.springframework.stereotype.Component;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Shares what this instance's buckets handed out with every other gateway instance, through Redis, every
 * {@code seckill.gateway.rate-limit.share}: one script call for all the buckets touched meanwhile, whatever the
 * traffic, instead of one per request. One share at a time; what a failed share carried is not sent again
 * ({@link LocalBuckets#notShared}).
 * <p>
 * Redis is taken as unreachable from start-up until a share succeeds, and again once a share has failed or has gone
 * unanswered for a second; while it is, a share is tried every period even with nothing to carry, so that recovery
 * is seen at once.
 */
@Component
class SharedBuckets {

    private static final RedisScript<String> SHARE = RedisScript.of(LuaScripts.text("lua/rate_share.lua"), String.class);
    private static final Duration UNANSWERED = Duration.ofSeconds(1);
    /** A share still unanswered by then is given up rather than waited on for a minute. */
    private static final Duration GIVE_UP = Duration.ofSeconds(2);
    private static final long NONE = -1;

    private final LocalBuckets local;
    private final ReactiveStringRedisTemplate redis;
    private final Clock clock;
    private final AtomicLong sharingSince = new AtomicLong(NONE);
    /** Until a first share succeeds, Redis is not known to be reachable. */
    private final AtomicBoolean failed = new AtomicBoolean(true);

    private final Duration every;
    private Disposable sharing;

    SharedBuckets(LocalBuckets local, ReactiveStringRedisTemplate redis, Clock clock, RateLimitProperties properties) {
        this.local = local;
        this.redis = redis;
        this.clock = clock;
        this.every = properties.share();
    }

    @PostConstruct
    void start() {
        sharing = Flux.interval(every).subscribe(tick -> share().subscribe());
    }

    @PreDestroy
    void stop() {
        sharing.dispose();
    }

    /** One share, unless one is under way; completes once its answer is applied (or it has failed). */
    Mono<Void> share() {
        if (!sharingSince.compareAndSet(NONE, clock.millis())) {
            return Mono.empty();
        }
        List<LocalBuckets.Taken> share = local.toShare();
        if (share.isEmpty() && !failed.get()) {
            sharingSince.set(NONE);
            return Mono.empty();
        }
        List<String> keys = new ArrayList<>(share.size());
        List<String> args = new ArrayList<>(share.size() * 3);
        for (LocalBuckets.Taken taken : share) {
            keys.add(taken.key());
            args.add(Double.toString(taken.rate()));
            args.add(Double.toString(taken.capacity()));
            args.add(Long.toString(taken.tokens()));
        }
        return Mono.defer(() -> redis.execute(SHARE, keys, args).next())
                .defaultIfEmpty("")
                .timeout(GIVE_UP)
                .map(levels -> levels(levels, share.size()))
                .doOnNext(after -> {
                    local.shared(share, after);
                    failed.set(false);
                    sharingSince.set(NONE);
                })
                .onErrorResume(failure -> {
                    local.notShared(share);
                    failed.set(true);
                    sharingSince.set(NONE);
                    return Mono.empty();
                })
                .then();
    }

    private static List<Double> levels(String answer, int buckets) {
        List<Double> after = answer.isEmpty() ? List.of()
                : Arrays.stream(answer.split(",")).map(level -> Long.parseLong(level) / 1000.0).toList();
        if (after.size() != buckets) {
            throw new IllegalStateException("The share answered " + after.size() + " levels for " + buckets + " buckets");
        }
        return after;
    }

    /** Whether the other instances can be told what this one hands out. */
    boolean reachable() {
        long since = sharingSince.get();
        return !failed.get() && (since == NONE || clock.millis() - since < UNANSWERED.toMillis());
    }
}
