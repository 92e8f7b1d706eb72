package com.seckill.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A newcomer's first minute: {@code ./seckill up} on a machine where nothing of the system exists yet (a database,
 * Redis database and RabbitMQ vhost of the test's own, all empty), then README's "One minute with curl" block run
 * verbatim by bash the moment {@code up} returns. The demo sale sells at step 4: {@code up} does not say the system
 * is up before the demo activity is sellable (it was built from MySQL only some seconds after it was loaded, and
 * the walk got {@code 503 "The sale is being prepared"}), and the walk goes on to the order paid. Everything the test
 * made is removed afterwards.
 */
class ReadmeWalkTopologyIT {

    private static final String DATABASE = "seckill_readme_walk";
    private static final String VHOST = "seckill_readme_walk";
    private static final int REDIS_DATABASE = 5;
    private static final Map<String, String> FRESH = Map.of("SECKILL_DB_NAME", DATABASE, "SPRING_RABBITMQ_VIRTUALHOST", VHOST,
            "SPRING_DATA_REDIS_DATABASE", String.valueOf(REDIS_DATABASE));
    private static final Pattern CURL_BLOCK = Pattern.compile("## One minute with curl.*?```sh\\n(.*?)```", Pattern.DOTALL);

    @BeforeAll
    static void nothingOfTheSystemYet() throws Exception {
        clean();
        for (List<String> command : List.of(List.of("rabbitmqctl", "-q", "add_vhost", VHOST),
                List.of("rabbitmqctl", "-q", "set_permissions", "-p", VHOST, env("SECKILL_RABBIT_USER", "guest"), ".*", ".*", ".*"))) {
            Launcher.run(Duration.ofSeconds(60), Map.of(), command.toArray(String[]::new));
        }
    }

    @AfterAll
    static void removeWhatItMade() throws Exception {
        try {
            Launcher.down(FRESH);
        } finally {
            clean();
        }
    }

    @Test
    void readmesCurlWalkRunVerbatimRightAfterUpBuysAtStepFour() throws Exception {
        Launcher.up(FRESH);
        Path walk = Files.createTempFile("readme-walk", ".sh");
        try {
            Files.writeString(walk, curlBlock());
            Launcher.Outcome outcome = Launcher.exec(Duration.ofMinutes(2), Map.of(), "bash", walk.toString());

            String output = outcome.output();
            assertThat(outcome.exit()).as(output).isZero();
            assertThat(output).as("step 4, the purchase").contains("\"code\":\"QUEUED\"").doesNotContain("being prepared");
            assertThat(output).as("step 5, its result").contains("\"status\":\"SUCCESS\"");
            assertThat(output).as("step 8, the order paid").contains("\"status\":\"PAID\"");
            assertThat(output).as("no answer of the walk is a server error").doesNotContainPattern("\"status\":5\\d\\d");
        } finally {
            Files.deleteIfExists(walk);
        }
    }

    /** README's block, as a newcomer copies it. */
    private static String curlBlock() throws Exception {
        Matcher block = CURL_BLOCK.matcher(Files.readString(Launcher.ROOT.resolve("README.md")));
        assertThat(block.find()).as("README has its curl walk").isTrue();
        return block.group(1);
    }

    private static void clean() throws Exception {
        try (Connection server = DriverManager.getConnection("jdbc:mysql://" + env("SECKILL_DB_HOST", "127.0.0.1") + ":"
                + env("SECKILL_DB_PORT", "3306") + "/?useSSL=false&allowPublicKeyRetrieval=true", env("SECKILL_DB_USER", "root"),
                env("SECKILL_DB_PASSWORD", ""));
             Statement statement = server.createStatement()) {
            statement.execute("DROP DATABASE IF EXISTS `" + DATABASE + "`");
        }
        RedisClient client = RedisClient.create(RedisURI.builder().withHost(env("SECKILL_REDIS_HOST", "127.0.0.1"))
                .withPort(Integer.parseInt(env("SECKILL_REDIS_PORT", "6379"))).withDatabase(REDIS_DATABASE).build());
        try (StatefulRedisConnection<String, String> redis = client.connect()) {
            redis.sync().flushdb();
        } finally {
            client.shutdown();
        }
        Launcher.exec(Duration.ofSeconds(60), Map.of(), "rabbitmqctl", "-q", "delete_vhost", VHOST); // absent the first time
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
