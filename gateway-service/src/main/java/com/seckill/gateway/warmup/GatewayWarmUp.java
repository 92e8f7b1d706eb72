package com.seckill.gateway.warmup;

import com.seckill.common.warmup.WarmUpRounds;
import com.seckill.gateway.overload.ConcurrencyLimits;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.context.ApplicationContext;
import org.springframework.stereotype.Component;

/**
 * Warms the gateway before it is ready (Spring Boot turns readiness to accepting traffic once the application
 * runners have returned; the public port already listens): it waits until seckill-service can be reached through
 * it, then sends itself, in rounds, what shoppers send: the catalog, a sale, a path request, a purchase on a path
 * signed for a warm-up user but never issued (seckill-service's script refuses it before it takes anything), a
 * result poll and the orders page, each a new warm-up user with a token of its own, until a round is no faster
 * than the best before it or {@code seckill.gateway.warmup.max} is spent (the wait for seckill-service has a max of
 * its own). The per-address limit lets them by
 * ({@link WarmUpPass}); a path request leaves the warm-up user a path that expires in a minute. Then the
 * concurrency limits start afresh: what the warm-up taught them is no baseline for a crowd.
 */
@Component
class GatewayWarmUp implements ApplicationRunner {

    private static final Logger log = LoggerFactory.getLogger(GatewayWarmUp.class);
    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(5);

    private final WarmUpProperties properties;
    private final WarmUpPass pass;
    private final WarmUpShopping shopping;
    private final ApplicationContext context;
    private final ConcurrencyLimits limits;

    GatewayWarmUp(WarmUpProperties properties, WarmUpPass pass, WarmUpShopping shopping, ApplicationContext context,
                  ConcurrencyLimits limits) {
        this.properties = properties;
        this.pass = pass;
        this.shopping = shopping;
        this.context = context;
        this.limits = limits;
    }

    @Override
    public void run(ApplicationArguments args) throws Exception {
        try {
            if (!properties.max().isZero() && context instanceof WebServerApplicationContext web) {
                warmUp("http://127.0.0.1:" + web.getWebServer().getPort());
            }
        } finally {
            pass.over();
            limits.restart();
        }
    }

    private void warmUp(String base) throws Exception {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(CALL_TIMEOUT).build();
        long start = System.nanoTime();
        List<Long> sales = salesOnNow(http, base, start + properties.max().toNanos());
        if (sales == null) {
            log.warn("Not warmed up: seckill-service could not be reached through the gateway within {}", properties.max());
            return;
        }
        // the rounds get the whole of max from here: on a slow machine starting every service at once, seckill-service
        // (warming up itself first) answered after a shared max was spent, and the gateway met the sale without a round
        WarmUpRounds rounds = new WarmUpRounds(properties.max(), properties.minRounds());
        ExecutorService senders = Executors.newFixedThreadPool(properties.concurrency());
        AtomicLong failed = new AtomicLong();
        long first = 0;
        try {
            boolean again = true;
            while (again) {
                List<WarmUpShopping.Call> calls = shopping.round(properties.round(), sales);
                long roundStart = System.nanoTime();
                List<Future<?>> sent = new ArrayList<>(calls.size());
                for (WarmUpShopping.Call call : calls) {
                    sent.add(senders.submit(() -> send(http, base, call, failed)));
                }
                for (Future<?> one : sent) {
                    one.get();
                }
                long took = System.nanoTime() - roundStart;
                first = first == 0 ? took : first;
                again = rounds.another(took);
            }
        } finally {
            senders.shutdownNow();
        }
        log.info("Warmed up in {} ms before taking traffic: {} rounds of {} requests on {} sale(s), the first {} ms, the best {} ms"
                        + " ({} answered 5xx or not at all)", Duration.ofNanos(System.nanoTime() - start).toMillis(), rounds.rounds(),
                properties.round(), sales.size(), Duration.ofNanos(first).toMillis(), rounds.best().toMillis(), failed.get());
    }

    /** The ids of the sales on now, once the catalog answers through the gateway; null if it does not in time. */
    private List<Long> salesOnNow(HttpClient http, String base, long deadline) throws InterruptedException {
        while (System.nanoTime() < deadline) {
            try {
                HttpResponse<String> answer = http.send(request(base, WarmUpShopping.Call.catalog()).build(),
                        HttpResponse.BodyHandlers.ofString());
                if (answer.statusCode() == 200) {
                    return shopping.salesOnNow(answer.body());
                }
            } catch (IOException e) {
                // not up yet
            }
            Thread.sleep(500);
        }
        return null;
    }

    private HttpRequest.Builder request(String base, WarmUpShopping.Call call) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + call.target())).timeout(CALL_TIMEOUT)
                .header(WarmUpPass.HEADER, pass.value()).method(call.method(), HttpRequest.BodyPublishers.noBody());
        if (call.token() != null) {
            request.header("Authorization", "Bearer " + call.token());
        }
        return request;
    }

    private void send(HttpClient http, String base, WarmUpShopping.Call call, AtomicLong failed) {
        try {
            if (http.send(request(base, call).build(), HttpResponse.BodyHandlers.discarding()).statusCode() >= 500) {
                failed.incrementAndGet();
            }
        } catch (IOException e) {
            failed.incrementAndGet();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
