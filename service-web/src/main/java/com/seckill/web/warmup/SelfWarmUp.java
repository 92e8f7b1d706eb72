package com.seckill.web.warmup;

import com.seckill.common.trust.InternalTokens;
import com.seckill.common.warmup.WarmUpRounds;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.context.ApplicationContext;

/**
 * Warms the service before it is ready. Spring Boot turns readiness to accepting traffic only once the
 * application runners have returned, and the web server is already listening while they run: this runner
 * sends the service its own {@link WarmUpPlan}s' requests, in rounds, through the whole stack a shopper's
 * request takes (Tomcat, the filters, the internal token, Spring MVC, JSON, Redis, MySQL), as the gateway
 * forwards them, and runs among them the plans' in-process work (what no request reaches, such as a consumer's
 * batches), until a round is no faster than the best before it ({@link WarmUpRounds}) or the time allowed
 * is spent. Meanwhile the launcher, compose's health checks, Nacos and the gateway's balancer see it not ready;
 * what the JIT compiles now, no shopper waits for. Answers do not matter (a refusal runs the same stack), a
 * service it depends on being down does not stop it: it is bounded by {@code seckill.service.warmup.max}.
 */
final class SelfWarmUp implements ApplicationRunner {

    private static final Logger log = LoggerFactory.getLogger(SelfWarmUp.class);
    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(5);

    private final List<WarmUpPlan> plans;
    private final WarmUpProperties properties;
    private final InternalTokens tokens;
    private final ApplicationContext context;
    private final Clock clock;

    SelfWarmUp(List<WarmUpPlan> plans, WarmUpProperties properties, InternalTokens tokens, ApplicationContext context, Clock clock) {
        this.plans = plans;
        this.properties = properties;
        this.tokens = tokens;
        this.context = context;
        this.clock = clock;
    }

    @Override
    public void run(ApplicationArguments args) throws Exception {
        if (plans.isEmpty() || properties.max().isZero() || !(context instanceof WebServerApplicationContext web)) {
            return; // nothing to warm, or no server to send it to (a test's mock environment)
        }
        String base = "http://127.0.0.1:" + web.getWebServer().getPort();
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(CALL_TIMEOUT).build();
        ExecutorService senders = Executors.newFixedThreadPool(properties.concurrency());
        WarmUpRounds rounds = new WarmUpRounds(properties.max(), properties.minRounds());
        long start = System.nanoTime();
        AtomicLong failed = new AtomicLong();
        long first = 0;
        try {
            boolean again = true;
            while (again) {
                List<Runnable> calls = roundOf(plans, call -> () -> send(http, base, call, failed));
                long roundStart = System.nanoTime();
                List<Future<?>> sent = new ArrayList<>(calls.size());
                for (Runnable call : calls) {
                    sent.add(senders.submit(() -> done(call, failed)));
                }
                for (Future<?> one : sent) {
                    one.get();
                }
                long took = System.nanoTime() - roundStart;
                first = first == 0 ? took : first;
                again = !calls.isEmpty() && rounds.another(took);
            }
        } finally {
            senders.shutdownNow();
        }
        log.info("Warmed up in {} ms before taking traffic: {} rounds of {} requests or units of work, the first {} ms, the best {} ms ({} not answered)",
                Duration.ofNanos(System.nanoTime() - start).toMillis(), rounds.rounds(), properties.round(),
                Duration.ofNanos(first).toMillis(), rounds.best().toMillis(), failed.get());
    }

    /**
     * {@code round} units: the plans' requests (sent by {@code sending}) and work, one after the other, as many
     * times over as it takes.
     */
    private List<Runnable> roundOf(List<WarmUpPlan> plans, Function<WarmUpCall, Runnable> sending) {
        List<Runnable> calls = new ArrayList<>();
        for (WarmUpPlan plan : plans) {
            plan.calls().forEach(call -> calls.add(sending.apply(call)));
            calls.addAll(plan.work());
        }
        List<Runnable> round = new ArrayList<>(properties.round());
        for (int i = 0; !calls.isEmpty() && i < properties.round(); i++) {
            round.add(calls.get(i % calls.size()));
        }
        return round;
    }

    /** Work that fails counts as a request not answered; the warm-up goes on. */
    private static void done(Runnable call, AtomicLong failed) {
        try {
            call.run();
        } catch (RuntimeException e) {
            failed.incrementAndGet();
            log.debug("A warm-up unit failed: {}", e.toString());
        }
    }

    private void send(HttpClient http, String base, WarmUpCall call, AtomicLong failed) {
        String token = tokens.forwarded(call.userId(), false, call.method(), call.path(), clock.instant());
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + call.path())).timeout(CALL_TIMEOUT)
                .header("Authorization", "Bearer " + token)
                .method(call.method(), call.body() == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(call.body()));
        if (call.body() != null) {
            request.header("Content-Type", "application/json");
        }
        try {
            int status = http.send(request.build(), HttpResponse.BodyHandlers.discarding()).statusCode();
            if (status >= 500) {
                failed.incrementAndGet();
            }
        } catch (IOException e) {
            failed.incrementAndGet();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
