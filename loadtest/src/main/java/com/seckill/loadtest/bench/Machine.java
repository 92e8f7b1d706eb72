package com.seckill.loadtest.bench;

import com.seckill.ops.launch.Launch;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

/** What the figures were measured on: machine, versions, commit and the settings that shape them. */
final class Machine {

    private Machine() {
    }

    /** The order consumer's concurrency the services ran with, as order-service said ("?" if it did not). */
    static final String CONSUMER_CONCURRENCY = "order.consumer.concurrency";

    static Properties describe(BenchSettings settings, Map<String, String> env, Map<String, String> system) {
        Properties machine = new Properties();
        machine.setProperty("date", ZonedDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'")));
        machine.setProperty("cpu", firstValue(Path.of("/proc/cpuinfo"), "model name", ':'));
        machine.setProperty("cores", String.valueOf(Runtime.getRuntime().availableProcessors()));
        String memory = firstValue(Path.of("/proc/meminfo"), "MemTotal", ':').replaceAll("\\D", "");
        machine.setProperty("memory", memory.isEmpty() ? "?" : String.format(Locale.ROOT, "%.1f GiB", Long.parseLong(memory) / 1048576.0));
        machine.setProperty("os", firstValue(Path.of("/etc/os-release"), "PRETTY_NAME", '=').replace("\"", "") + " "
                + System.getProperty("os.version"));
        machine.setProperty("jdk", System.getProperty("java.runtime.name") + " " + System.getProperty("java.runtime.version"));
        machine.setProperty("mariadb", mariadb(settings));
        machine.setProperty("redis", redis(settings));
        machine.setProperty("rabbitmq", BenchSystem.output(settings.root(), List.of("rabbitmqctl", "-q", "version")).orElse("?"));
        String commit = BenchSystem.output(settings.root(), List.of("git", "rev-parse", "--short", "HEAD")).orElse("?");
        boolean dirty = !BenchSystem.output(settings.root(), List.of("git", "status", "--porcelain", "--untracked-files=no")).orElse("").isBlank();
        machine.setProperty("commit", commit + (dirty ? " plus uncommitted changes" : ""));
        machine.setProperty("java.opts", env.getOrDefault("SECKILL_JAVA_OPTS", Launch.SERVICE_JAVA_OPTS));
        machine.setProperty("rate.limits", "per-ip " + system.get("SECKILL_GATEWAY_RATELIMIT_PERIP") + ", per-user "
                + system.get("SECKILL_GATEWAY_RATELIMIT_PERUSER") + ", per-activity " + system.get("SECKILL_GATEWAY_RATELIMIT_PERACTIVITY")
                + " (req/s; raised so the limiter runs but never refuses)");
        OrderConsumerSettings consumer = OrderConsumerSettings.ask();
        machine.setProperty("order.consumer", consumer.describe());
        machine.setProperty(CONSUMER_CONCURRENCY, consumer.concurrency());
        machine.setProperty("driver", "ops bench (JDK HttpClient, HTTP/1.1 keep-alive), " + settings.connections()
                + " client threads, closed loop, 127.0.0.1, on the same cores");
        return machine;
    }

    private static String firstValue(Path file, String key, char separatedBy) {
        try {
            for (String line : Files.readAllLines(file)) {
                int separator = line.indexOf(separatedBy);
                if (separator > 0 && line.substring(0, separator).strip().equals(key)) {
                    return line.substring(separator + 1).strip();
                }
            }
        } catch (Exception e) {
            // not on this system
        }
        return "?";
    }

    private static String mariadb(BenchSettings settings) {
        try (Connection db = settings.db(""); Statement st = db.createStatement(); ResultSet rs = st.executeQuery("SELECT VERSION()")) {
            rs.next();
            return rs.getString(1);
        } catch (Exception e) {
            return "?";
        }
    }

    private static String redis(BenchSettings settings) {
        RedisClient client = RedisClient.create(RedisURI.create(settings.redisHost(), settings.redisPort()));
        try (StatefulRedisConnection<String, String> connection = client.connect()) {
            return firstLine(connection.sync().info("server"), "redis_version:");
        } catch (Exception e) {
            return "?";
        } finally {
            client.shutdown();
        }
    }

    private static String firstLine(String text, String prefix) {
        return text.lines().filter(line -> line.startsWith(prefix)).map(line -> line.substring(prefix.length()).strip())
                .findFirst().orElse("?");
    }
}
