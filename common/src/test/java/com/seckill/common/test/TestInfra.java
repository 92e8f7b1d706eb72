package com.seckill.common.test;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.flywaydb.core.Flyway;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.MariaDBContainer;
import org.testcontainers.containers.RabbitMQContainer;

/**
 * Where integration tests find MariaDB, Redis and RabbitMQ: the local services when they answer
 * (./seckill test makes sure they do), Testcontainers when they do not and Docker is there.
 * Tests get their own database ({@value #DATABASE}, its tables made once per JVM by every service's Flyway migrations (sql/&lt;service&gt;/)),
 * Redis database {@value #REDIS_DATABASE} and RabbitMQ vhost {@value #VHOST}, so a running
 * system is never disturbed and never disturbs them.
 */
public final class TestInfra {

    public static final String DATABASE = "seckill_it";
    public static final int REDIS_DATABASE = 1;
    public static final String VHOST = "seckill_it";

    private static Endpoints endpoints;
    private static boolean schemaReset;

    private TestInfra() {
    }

    public record Endpoints(String dbHost, int dbPort, String dbUser, String dbPassword,
                            String redisHost, int redisPort, String rabbitHost, int rabbitPort,
                            String rabbitUser, String rabbitPassword, String vhost) {

        public String jdbcUrl(String database) {
            return "jdbc:mysql://" + dbHost + ":" + dbPort + "/" + database
                    + "?useSSL=false&allowPublicKeyRetrieval=true&serverTimezone=UTC&rewriteBatchedStatements=true";
        }
    }

    public static synchronized Endpoints endpoints() {
        if (endpoints == null) {
            endpoints = locate();
        }
        return endpoints;
    }

    /** Spring properties pointing a test context at the test database, Redis database and vhost. */
    public static synchronized Map<String, String> springProperties() {
        Endpoints e = endpoints();
        resetSchemaOnce(e);
        return Map.ofEntries(
                Map.entry("spring.datasource.url", e.jdbcUrl(DATABASE)),
                Map.entry("spring.datasource.username", e.dbUser()),
                Map.entry("spring.datasource.password", e.dbPassword()),
                Map.entry("spring.data.redis.host", e.redisHost()),
                Map.entry("spring.data.redis.port", String.valueOf(e.redisPort())),
                Map.entry("spring.data.redis.database", String.valueOf(REDIS_DATABASE)),
                Map.entry("spring.rabbitmq.host", e.rabbitHost()),
                Map.entry("spring.rabbitmq.port", String.valueOf(e.rabbitPort())),
                Map.entry("spring.rabbitmq.username", e.rabbitUser()),
                Map.entry("spring.rabbitmq.password", e.rabbitPassword()),
                Map.entry("spring.rabbitmq.virtual-host", e.vhost()),
                Map.entry("spring.cloud.nacos.discovery.enabled", "false"),
                // a test's service starts ready at once (what the warm-up does is its own test's business)
                Map.entry("seckill.service.warmup.max", "0s"),
                Map.entry("seckill.gateway.warmup.max", "0s"));
    }

    /** For a {@code @DynamicPropertySource}: points the test's Spring context at the test infrastructure. */
    public static void register(DynamicPropertyRegistry registry) {
        springProperties().forEach((name, value) -> registry.add(name, () -> value));
    }

    public static Connection connection() throws SQLException {
        Endpoints e = endpoints();
        resetSchemaOnce(e);
        return DriverManager.getConnection(e.jdbcUrl(DATABASE), e.dbUser(), e.dbPassword());
    }

    private static Endpoints locate() {
        String dbHost = env("SECKILL_DB_HOST", "127.0.0.1");
        int dbPort = Integer.parseInt(env("SECKILL_DB_PORT", "3306"));
        String redisHost = env("SECKILL_REDIS_HOST", "127.0.0.1");
        int redisPort = Integer.parseInt(env("SECKILL_REDIS_PORT", "6379"));
        String rabbitHost = env("SECKILL_RABBIT_HOST", "127.0.0.1");
        int rabbitPort = Integer.parseInt(env("SECKILL_RABBIT_PORT", "5672"));
        if (reachable(dbHost, dbPort) && reachable(redisHost, redisPort) && reachable(rabbitHost, rabbitPort)) {
            return new Endpoints(dbHost, dbPort, env("SECKILL_DB_USER", "root"), env("SECKILL_DB_PASSWORD", ""),
                    redisHost, redisPort, rabbitHost, rabbitPort,
                    env("SECKILL_RABBIT_USER", "guest"), env("SECKILL_RABBIT_PASSWORD", "guest"), VHOST);
        }
        if (!DockerClientFactory.instance().isDockerAvailable()) {
            throw new IllegalStateException("MariaDB " + dbHost + ":" + dbPort + ", Redis " + redisHost + ":" + redisPort
                    + " or RabbitMQ " + rabbitHost + ":" + rabbitPort + " is not reachable and there is no Docker for "
                    + "Testcontainers: run the tests with ./seckill test, which starts them");
        }
        return startContainers();
    }

    @SuppressWarnings("resource") // containers live as long as the test JVM; Ryuk removes them
    private static Endpoints startContainers() {
        MariaDBContainer<?> db = new MariaDBContainer<>("mariadb:10.11").withUsername("root").withPassword("");
        GenericContainer<?> redis = new GenericContainer<>("redis:7.0").withExposedPorts(6379);
        RabbitMQContainer rabbit = new RabbitMQContainer("rabbitmq:3.10-management").withVhost(VHOST);
        db.start();
        redis.start();
        rabbit.start();
        return new Endpoints(db.getHost(), db.getMappedPort(3306), "root", "", redis.getHost(),
                redis.getMappedPort(6379), rabbit.getHost(), rabbit.getAmqpPort(), rabbit.getAdminUsername(),
                rabbit.getAdminPassword(), VHOST);
    }

    private static void resetSchemaOnce(Endpoints e) {
        if (schemaReset) {
            return;
        }
        try (Connection c = DriverManager.getConnection(e.jdbcUrl(""), e.dbUser(), e.dbPassword());
             Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + DATABASE);
            s.execute("CREATE DATABASE " + DATABASE + " DEFAULT CHARACTER SET utf8mb4");
        } catch (SQLException ex) {
            throw new IllegalStateException("Could not reset the test schema " + DATABASE, ex);
        }
        // every service's tables, as the services' own Flyway makes them: a test's fixtures may need a
        // neighbour's table (an order behind a payment), and the service under test then finds its own done
        for (Path owner : migrationFolders()) {
            migrate(e, owner);
        }
        flushTestRedis(e);
        schemaReset = true;
    }

    /** One service's migrations into the test database, with the history table the service itself uses. */
    private static void migrate(Endpoints e, Path owner) {
        Flyway.configure()
                .dataSource(e.jdbcUrl(DATABASE), e.dbUser(), e.dbPassword())
                .locations("filesystem:" + owner)
                .table(historyTable(owner.getFileName().toString()))
                .baselineOnMigrate(true)
                .baselineVersion("0")
                .load()
                .migrate();
    }

    /** {@code flyway_order_history} for order-service: what its application.yml names as spring.flyway.table. */
    public static String historyTable(String service) {
        return "flyway_" + service.substring(0, service.indexOf('-')) + "_history";
    }

    /**
     * The test Redis database goes with the test schema: keys of activities from an earlier run
     * would otherwise meet the reset database's ids again.
     */
    private static void flushTestRedis(Endpoints e) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(e.redisHost(), e.redisPort()), 2_000);
            socket.setSoTimeout(5_000);
            socket.getOutputStream().write(("SELECT " + REDIS_DATABASE + "\r\nFLUSHDB\r\n").getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
            String answers = new String(socket.getInputStream().readNBytes(10), StandardCharsets.US_ASCII);
            if (!answers.equals("+OK\r\n+OK\r\n")) {
                throw new IllegalStateException("Redis did not flush the test database: " + answers);
            }
        } catch (IOException ex) {
            throw new IllegalStateException("Could not flush Redis database " + REDIS_DATABASE, ex);
        }
    }

    /** sql/<service>/ of this checkout, one folder of Flyway migrations per owning service (contract §6). */
    public static List<Path> migrationFolders() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null) {
            Path sql = dir.resolve("sql");
            if (Files.isDirectory(sql)) {
                try (Stream<Path> folders = Files.list(sql)) {
                    List<Path> owners = folders.filter(Files::isDirectory).sorted().toList();
                    if (!owners.isEmpty()) {
                        return owners;
                    }
                } catch (IOException ex) {
                    throw new IllegalStateException("Could not list " + sql, ex);
                }
            }
            dir = dir.getParent();
        }
        throw new IllegalStateException("no sql/<service>/ migrations above " + Path.of("").toAbsolutePath());
    }

    private static boolean reachable(String host, int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
