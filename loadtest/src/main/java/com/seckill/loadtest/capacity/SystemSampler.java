package com.seckill.loadtest.capacity;

import com.seckill.common.message.Queues;
import com.seckill.ops.doctor.Infrastructure;
import com.seckill.ops.doctor.Target;
import io.lettuce.core.cluster.api.sync.RedisAdvancedClusterCommands;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the running system every two seconds while a plan runs: each service's Prometheus endpoint
 * (the first instance of each), Redis INFO (every master of a cluster), the order queue's depth and
 * the CPU time of every process. A figure that cannot be read is left out of that sample, not guessed.
 */
final class SystemSampler implements AutoCloseable {

    static final Duration EVERY = Duration.ofSeconds(2);
    private static final Pattern COMMANDS = Pattern.compile("total_commands_processed:(\\d+)");

    private final Target target;
    private final Infrastructure infrastructure;
    private final Processes processes;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final List<Sample> samples = new CopyOnWriteArrayList<>();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread thread = new Thread(r, "capacity-sampler");
        thread.setDaemon(true);
        return thread;
    });

    SystemSampler(Target target, Path root) {
        this.target = target;
        this.infrastructure = new Infrastructure(target);
        this.infrastructure.reachable();
        this.processes = new Processes(root, Path.of("/proc"));
    }

    void start() {
        timer.scheduleAtFixedRate(() -> samples.add(read()), 0, EVERY.toMillis(), TimeUnit.MILLISECONDS);
    }

    List<Sample> samples() {
        return new ArrayList<>(samples);
    }

    Sample read() {
        String gateway = scrape("gateway-service");
        String seckill = scrape("seckill-service");
        String order = scrape("order-service");
        double attempts = Prometheus.sum(gateway, "seckill_purchase_attempts_total", "")
                + Prometheus.sum(seckill, "seckill_purchase_attempts_total", "");
        return new Sample(System.currentTimeMillis(), attempts,
                Prometheus.sum(seckill, "seckill_purchase_attempts_total", "outcome=\"accepted\""),
                Prometheus.sum(order, "seckill_order_events_total", "event=\"created\""),
                Prometheus.sum(order, "seckill_orders_consumed_total", ""),
                Prometheus.sum(order, "seckill_order_events_total", "event=\"closed\""),
                redisCommands(), queueDepth(), processes.cpuSeconds(), processes.machineSeconds());
    }

    /** The order queue's depth as RabbitMQ reports it, -1 when it cannot be read. */
    long queueDepth() {
        try (var channel = infrastructure.broker().createChannel()) {
            return channel.queueDeclarePassive(Queues.ORDER_CREATE).getMessageCount();
        } catch (Exception e) {
            return -1;
        }
    }

    private double redisCommands() {
        RedisClusterCommands<String, String> redis = infrastructure.redis();
        if (redis == null) {
            return Double.NaN;
        }
        try {
            if (redis instanceof RedisAdvancedClusterCommands<String, String> cluster) {
                double total = 0;
                for (String info : cluster.masters().commands().info("stats")) {
                    total += commands(info);
                }
                return total;
            }
            return commands(redis.info("stats"));
        } catch (RuntimeException e) {
            return Double.NaN;
        }
    }

    private static double commands(String info) {
        Matcher m = COMMANDS.matcher(info);
        return m.find() ? Double.parseDouble(m.group(1)) : Double.NaN;
    }

    private String scrape(String service) {
        try {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(
                    URI.create(target.actuators().get(service) + "/actuator/prometheus")).timeout(Duration.ofSeconds(3)).build(),
                    HttpResponse.BodyHandlers.ofString());
            return response.statusCode() == 200 ? response.body() : "";
        } catch (Exception e) {
            return "";
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
        infrastructure.close();
    }
}
