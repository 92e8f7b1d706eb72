package com.seckill.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Date;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarInputStream;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * docker-compose.yml, checked where no Docker engine runs: validated by {@code docker-compose config}
 * and read as data (services, health checks, start order, what is published, AOF, limits, volumes,
 * that every variable given to a service binds to a property of it), and the {@code compose} profile
 * of every service started against this machine's infrastructure and a real Nacos with exactly
 * those settings, host names pointed here.
 */
class ComposeTopologyIT {

    private static final List<String> APPS = List.of("seckill-service", "order-service", "payment-service", "gateway-service");
    private static final List<String> INFRA = List.of("mysql", "redis", "rabbitmq", "nacos");
    /** Read by the JVM, not by Spring. */
    private static final Set<String> JVM_VARIABLES = Set.of("JAVA_TOOL_OPTIONS");
    private static final ObjectMapper json = new ObjectMapper();
    private static final String JWT_SECRET = secret();
    private static JsonNode compose;
    private static NacosServer nacos;
    private static Map<String, String> localEnv;
    private static SeckillSystem system;

    private static String secret() {
        byte[] bytes = new byte[32];
        new SecureRandom().nextBytes(bytes);
        return Base64.getEncoder().encodeToString(bytes);
    }

    @BeforeAll
    static void resolveTheComposeFile() throws Exception {
        compose = resolve();
    }

    /**
     * docker-compose config with .env.example as an operator fills it in (every empty value given a
     * fresh secret, the rest as written), and the given options (a profile).
     */
    private static JsonNode resolve(String... options) throws Exception {
        StringBuilder filled = new StringBuilder();
        for (String line : Files.readAllLines(Launcher.ROOT.resolve(".env.example"))) {
            boolean empty = line.matches("[A-Z_]+=\\s*");
            String name = line.split("=", 2)[0];
            filled.append(empty ? name + "=" + (name.equals("SECKILL_GATEWAY_JWT_SECRET") ? JWT_SECRET : secret()) : line)
                    .append('\n');
        }
        Launcher.Outcome resolved = config(filled.toString(), options);
        assertThat(resolved.exit()).as("docker-compose config: %s", resolved.output()).isZero();
        return new YAMLMapper().readTree(resolved.output());
    }

    private static Launcher.Outcome config(String envFile, String... options) throws Exception {
        Path env = Files.createTempFile("seckill-compose", ".env");
        try {
            Files.writeString(env, envFile);
            List<String> command = new ArrayList<>(List.of("docker-compose", "--env-file", env.toString(),
                    "-f", Launcher.ROOT.resolve("docker-compose.yml").toString()));
            command.addAll(List.of(options));
            command.add("config");
            return Launcher.exec(Duration.ofSeconds(60), Map.of(), command.toArray(String[]::new));
        } finally {
            Files.deleteIfExists(env);
        }
    }

    /** .env.example copied as it is, secrets left empty: compose refuses, naming what is missing. */
    @Test
    void composeRefusesToStartWithTheSecretsOfEnvExampleLeftEmpty() throws Exception {
        Launcher.Outcome outcome = config(Files.readString(Launcher.ROOT.resolve(".env.example")));
        assertThat(outcome.exit()).as(outcome.output()).isNotZero();
        assertThat(outcome.output()).containsAnyOf("SECKILL_GATEWAY_JWT_SECRET", "SECKILL_TRUST_SECRET", "MYSQL_ROOT_PASSWORD");
    }

    @AfterAll
    static void stop() throws Exception {
        try {
            if (system != null) {
                system.close();
            }
            if (localEnv != null) {
                Launcher.down(localEnv);
            }
        } finally {
            if (nacos != null) {
                nacos.close();
            }
        }
    }

    private static JsonNode service(String name) {
        return compose.path("services").path(name);
    }

    /**
     * The Dockerfile as data (no engine here to build it): a Maven + JDK 17 stage and a JRE 25 stage (the AOT
     * cache), every module of the reactor's pom copied before the build (else -am cannot resolve it), the jar's
     * layers extracted with the application jar kept whole (the AOT cache's layout; the services' migrations in
     * sql/ too), started by the entry script that picks the cache, a non-root user that owns the cache volume,
     * memory from the container's limit, a health check; and every compose service built from it names a module
     * that exists, keeps the caches in a volume and has time to write one as it stops.
     */
    @Test
    void theImageIsBuiltInTwoStagesFromEveryModuleAndRunsAsAnUnprivilegedUserWithAHealthCheck() throws Exception {
        String dockerfile = Files.readString(Launcher.ROOT.resolve("Dockerfile"));
        List<String> stages = dockerfile.lines().filter(line -> line.startsWith("FROM ")).toList();
        assertThat(stages).hasSize(2);
        assertThat(stages.get(0)).contains("maven", "temurin-17");
        assertThat(stages.get(1)).contains("temurin:25-jre");
        String rootPom = Files.readString(Launcher.ROOT.resolve("pom.xml"));
        String modules = rootPom.substring(rootPom.indexOf("<modules>"), rootPom.indexOf("</modules>"));
        for (String module : modules.split("<module>")) {
            if (module.contains("</module>")) {
                String name = module.substring(0, module.indexOf("</module>"));
                assertThat(dockerfile).as("the pom of module %s is copied", name).contains("COPY " + name + "/pom.xml");
            }
        }
        assertThat(dockerfile).contains("extract --layers --destination", "-XX:MaxRAMPercentage=", "HEALTHCHECK", "/actuator/health",
                "COPY --chmod=755 docker-entrypoint.sh", "chown seckill /aot").doesNotContain("--launcher");
        String entry = Files.readString(Launcher.ROOT.resolve("docker-entrypoint.sh"));
        assertThat(entry).contains("-XX:AOTCache=\"$cache\"", "-XX:AOTCacheOutput=\"$cache\"", "sha256sum \"$jar\"", "jdk${jdk}");
        // a service's Flyway migrations (sql/<service>/) are packaged into its jar: the build must see them
        assertThat(dockerfile).contains("COPY sql sql");
        assertThat(dockerfile.lines().filter(line -> line.startsWith("USER ")).toList()).singleElement()
                .satisfies(user -> assertThat(user).doesNotContain("root"));
        assertThat(Files.readAllLines(Launcher.ROOT.resolve(".dockerignore"))).contains("**/target", ".env", ".git");
        for (String app : APPS) {
            assertThat(service(app).path("volumes").toString()).as("%s keeps its AOT cache", app).contains("/aot");
            assertThat(service(app).path("stop_grace_period").asText()).as("%s has time to write it", app).isNotBlank();
            JsonNode build = service(app).path("build");
            assertThat(build.path("dockerfile").asText("Dockerfile")).isEqualTo("Dockerfile");
            assertThat(Files.isDirectory(Launcher.ROOT.resolve(build.path("args").path("SERVICE").asText() + "/src")))
                    .as("%s builds module %s", app, build.path("args").path("SERVICE").asText()).isTrue();
        }
    }

    @Test
    void theComposeFileHasEveryServiceHealthCheckedStartedInOrderAndOnlyTheGatewayPublished() {
        Set<String> names = new HashSet<>();
        compose.path("services").fields().forEachRemaining(service -> {
            if (!service.getValue().has("profiles")) {
                names.add(service.getKey()); // started by a plain docker compose up
            }
        });
        assertThat(names).containsExactlyInAnyOrderElementsOf(concat(INFRA, APPS));
        for (String name : names) {
            JsonNode service = service(name);
            assertThat(service.path("healthcheck").path("test").isMissingNode()).as("%s has a healthcheck", name).isFalse();
            assertThat(service.path("mem_limit").asText()).as("%s has a memory limit", name).isNotEmpty();
            assertThat(service.has("container_name")).as("%s can be scaled: no fixed container name", name).isFalse();
            assertThat(service.has("ports")).as("%s published", name).isEqualTo(name.equals("gateway-service"));
        }
        for (String app : APPS) {
            JsonNode dependsOn = service(app).path("depends_on");
            for (String infra : INFRA) {
                assertThat(dependsOn.path(infra).path("condition").asText()).as("%s waits for %s", app, infra)
                        .isEqualTo("service_healthy");
            }
            assertThat(service(app).path("build").path("args").path("SERVICE").asText()).isEqualTo(app);
            assertThat(service(app).path("environment").path("SPRING_PROFILES_ACTIVE").asText()).isEqualTo("compose");
        }
        for (String inner : List.of("seckill-service", "order-service", "payment-service")) {
            assertThat(service("gateway-service").path("depends_on").path(inner).path("condition").asText())
                    .isEqualTo("service_healthy");
        }
        assertThat(service("gateway-service").path("ports").get(0).path("target").asInt()).isEqualTo(8080);
        assertThat(service("redis").path("command").toString()).contains("\"--appendonly\",\"yes\"")
                .contains("\"--appendfsync\",\"everysec\"");
        assertThat(service("mysql").path("image").asText()).startsWith("mysql:8");
        assertThat(service("nacos").path("image").asText()).isEqualTo("nacos/nacos-server:v3.0.3");
        for (String variable : List.of("NACOS_AUTH_TOKEN", "NACOS_AUTH_IDENTITY_KEY", "NACOS_AUTH_IDENTITY_VALUE")) {
            assertThat(service("nacos").path("environment").path(variable).asText()).isNotEmpty();
        }
        // the schema is the services' own Flyway migrations, run as each starts: MySQL gets no script of its own
        assertThat(service("mysql").path("volumes").toString()).doesNotContain("docker-entrypoint-initdb.d");
        Set<String> volumes = new HashSet<>();
        compose.path("volumes").fieldNames().forEachRemaining(volumes::add);
        assertThat(volumes).contains("mysql-data", "redis-data", "rabbitmq-data", "nacos-data");
    }

    @Test
    void theObservabilityProfileScrapesEveryServiceOnItsOwnPortAndProvisionsTheDashboard() throws Exception {
        JsonNode observed = resolve("--profile", "observability");
        JsonNode prometheus = observed.path("services").path("prometheus");
        JsonNode grafana = observed.path("services").path("grafana");
        assertThat(prometheus.isMissingNode()).as("prometheus in the observability profile").isFalse();
        assertThat(grafana.isMissingNode()).as("grafana in the observability profile").isFalse();
        assertThat(prometheus.path("profiles").toString()).as("not started without the profile").isEqualTo("[\"observability\"]");
        assertThat(grafana.path("profiles").toString()).as("not started without the profile").isEqualTo("[\"observability\"]");
        assertThat(prometheus.has("ports")).as("Prometheus stays inside the compose network").isFalse();
        assertThat(grafana.path("ports").get(0).path("target").asInt()).isEqualTo(3000);
        for (JsonNode service : List.of(prometheus, grafana)) {
            for (JsonNode volume : service.path("volumes")) {
                if ("bind".equals(volume.path("type").asText())) {
                    assertThat(Path.of(volume.path("source").asText())).as("mounted from the repository").exists();
                }
            }
        }

        // every service is scraped where its actuator answers: the inner services' own port, the gateway's management port
        JsonNode scrape = new YAMLMapper().readTree(Launcher.ROOT.resolve("observability/prometheus.yml").toFile());
        Map<String, Integer> ports = new HashMap<>();
        for (JsonNode job : scrape.path("scrape_configs")) {
            assertThat(job.path("metrics_path").asText()).isEqualTo("/actuator/prometheus");
            JsonNode target = job.path("dns_sd_configs").get(0);
            ports.put(target.path("names").get(0).asText(), target.path("port").asInt());
        }
        assertThat(ports).containsOnlyKeys(APPS).containsEntry("seckill-service", 8081).containsEntry("order-service", 8082)
                .containsEntry("payment-service", 8083);
        String gatewayManagement = service("gateway-service").path("environment").path("SECKILL_GATEWAY_MANAGEMENTPORT").asText("9080");
        assertThat(ports.get("gateway-service")).isEqualTo(Integer.parseInt(gatewayManagement))
                .isNotEqualTo(service("gateway-service").path("ports").get(0).path("target").asInt());

        // the dashboard's data source is the one provisioned
        JsonNode datasource = new YAMLMapper().readTree(
                Launcher.ROOT.resolve("observability/grafana/provisioning/datasources/prometheus.yml").toFile()).path("datasources").get(0);
        assertThat(datasource.path("url").asText()).isEqualTo("http://prometheus:9090");
        JsonNode dashboard = json.readTree(Launcher.ROOT.resolve("observability/grafana/dashboards/seckill.json").toFile());
        for (JsonNode panel : dashboard.path("panels")) {
            if (panel.path("type").asText().equals("row")) {
                // a row only groups the panels below it: it queries nothing
                assertThat(panel.path("targets").isMissingNode() || panel.path("targets").isEmpty()).as(panel.path("title").asText())
                        .isTrue();
                continue;
            }
            assertThat(panel.path("datasource").path("uid").asText()).as(panel.path("title").asText())
                    .isEqualTo(datasource.path("uid").asText());
        }
    }

    @Test
    void everyVariableGivenToAServiceBindsToAPropertyOfThatService() throws Exception {
        for (String app : APPS) {
            Bindable bindable = Bindable.of(Launcher.ROOT.resolve(app).resolve("target").resolve(app + ".jar"));
            Iterator<String> variables = service(app).path("environment").fieldNames();
            while (variables.hasNext()) {
                String variable = variables.next();
                assertThat(JVM_VARIABLES.contains(variable) || bindable.binds(variable))
                        .as("%s given to %s binds to one of its properties", variable, app).isTrue();
            }
        }
    }

    @Test
    void theComposeProfileOfEveryServiceStartsHereWithThoseSettingsAndSells() throws Exception {
        nacos = new NacosServer();
        localEnv = localEnvironment();
        Launcher.up(localEnv);
        system = new SeckillSystem();
        for (String app : APPS) {
            String instances = nacos.instances(app);
            assertThat(json.readTree(instances).path("data").size()).as("%s registered in Nacos: %s", app, instances)
                    .isPositive();
        }
        String admin = jwt(1L, true);
        long activityId = system.createActivity(3, admin);
        String shopper = jwt(SeckillSystem.uniqueId(), false);
        SeckillSystem.Response path = system.call("POST", "/api/seckill/" + activityId + "/token", shopper, null);
        assertThat(path.status()).as(path.raw()).isEqualTo(200);
        SeckillSystem.Response accepted = system.call("POST", "/api/seckill/" + activityId + "/" + path.body().get("path").asText(),
                shopper, null);
        assertThat(accepted.status()).as(accepted.raw()).isEqualTo(202);
        String requestId = accepted.body().get("requestId").asText();
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200)).until(() ->
                "SUCCESS".equals(system.call("GET", "/api/seckill/result/" + requestId, shopper, null).body().path("status").asText()));
        assertThat(system.call("POST", "/api/auth/demo-token", null, "{\"userId\":5}").status())
                .as("no demo tokens in the compose profile").isEqualTo(404);
    }

    /** The four services' settings from the compose file, their host names pointed at this machine. */
    private static Map<String, String> localEnvironment() {
        Map<String, String> env = new HashMap<>();
        for (String app : APPS) {
            service(app).path("environment").fields().forEachRemaining(e -> env.put(e.getKey(), e.getValue().asText()));
        }
        env.remove("SERVER_PORT"); // the launcher gives each instance its port
        env.remove("JAVA_TOOL_OPTIONS"); // sized for a container, not for four JVMs on a laptop
        env.replaceAll((key, value) -> value.replace("http://gateway-service:", "http://127.0.0.1:"));
        env.put("SECKILL_DB_HOST", "127.0.0.1");
        env.put("SECKILL_REDIS_HOST", "127.0.0.1");
        env.put("SECKILL_RABBIT_HOST", "127.0.0.1");
        env.put("SECKILL_NACOS_ADDR", NacosServer.ADDRESS);
        // this machine's own accounts, not the compose file's
        for (String local : List.of("SECKILL_DB_USER", "SECKILL_DB_PASSWORD", "SECKILL_RABBIT_USER", "SECKILL_RABBIT_PASSWORD")) {
            env.put(local, System.getenv().getOrDefault(local, local.contains("RABBIT") ? "guest" : local.endsWith("USER") ? "root" : ""));
        }
        return env;
    }

    private static String jwt(long userId, boolean admin) throws Exception {
        SignedJWT token = new SignedJWT(new JWSHeader(JWSAlgorithm.HS256), new JWTClaimsSet.Builder()
                .subject(Long.toString(userId))
                .claim("roles", admin ? List.of("ADMIN") : List.of())
                .expirationTime(Date.from(Instant.now().plusSeconds(3600)))
                .build());
        token.sign(new MACSigner(JWT_SECRET.getBytes(StandardCharsets.UTF_8)));
        return token.serialize();
    }

    private static List<String> concat(List<String> first, List<String> second) {
        return java.util.stream.Stream.concat(first.stream(), second.stream()).toList();
    }

    /** What a service's jar can bind: every property its metadata or its application.yml names, and every ${VARIABLE} it reads. */
    private record Bindable(Set<String> properties, Set<String> placeholders) {

        /** The settings the inner services share, in service-web's jar. */
        private static final String SHARED_SETTINGS = "seckill-inner-service.yml";
        private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([A-Z0-9_]+)[:}]");

        static Bindable of(Path jar) throws IOException {
            Set<String> properties = new HashSet<>();
            Set<String> placeholders = new HashSet<>();
            try (JarFile file = new JarFile(jar.toFile())) {
                for (Iterator<JarEntry> it = file.entries().asIterator(); it.hasNext(); ) {
                    JarEntry entry = it.next();
                    String name = entry.getName();
                    if (name.endsWith("META-INF/spring-configuration-metadata.json")
                            || name.endsWith("META-INF/additional-spring-configuration-metadata.json")) {
                        metadata(file.getInputStream(entry), properties);
                    } else if (name.startsWith("BOOT-INF/lib/") && name.endsWith(".jar")) {
                        try (JarInputStream nested = new JarInputStream(file.getInputStream(entry))) {
                            for (JarEntry inner; (inner = nested.getNextJarEntry()) != null; ) {
                                if (inner.getName().endsWith("spring-configuration-metadata.json")) {
                                    metadata(nested, properties);
                                } else if (inner.getName().equals(SHARED_SETTINGS)) {
                                    settings(new String(nested.readAllBytes(), StandardCharsets.UTF_8), properties, placeholders);
                                }
                            }
                        }
                    } else if (name.equals("BOOT-INF/classes/application.yml")) {
                        settings(new String(file.getInputStream(entry).readAllBytes(), StandardCharsets.UTF_8), properties, placeholders);
                    }
                }
            }
            return new Bindable(properties, placeholders);
        }

        /** A settings file's keys and the variables it reads (a service's own, or the one the inner services share). */
        private static void settings(String yml, Set<String> properties, Set<String> placeholders) throws IOException {
            Matcher matcher = PLACEHOLDER.matcher(yml);
            while (matcher.find()) {
                placeholders.add(matcher.group(1));
            }
            for (Iterator<JsonNode> documents = new YAMLMapper().readerFor(JsonNode.class).readValues(yml); documents.hasNext(); ) {
                flatten("", documents.next(), properties);
            }
        }

        private static void metadata(InputStream in, Set<String> properties) throws IOException {
            byte[] bytes = in.readAllBytes();
            for (JsonNode property : json.readTree(bytes).path("properties")) {
                properties.add(property.path("name").asText());
            }
        }

        private static void flatten(String prefix, JsonNode node, Set<String> properties) {
            if (node == null || !node.isObject()) {
                if (!prefix.isEmpty()) {
                    properties.add(prefix);
                }
                return;
            }
            node.fields().forEachRemaining(e -> flatten(prefix.isEmpty() ? e.getKey() : prefix + "." + e.getKey(), e.getValue(), properties));
        }

        /** Spring's relaxed binding: SECKILL_ORDER_PAYTIMEOUT is seckill.order.pay-timeout. */
        boolean binds(String variable) {
            if (placeholders.contains(variable)) {
                return true;
            }
            String dotted = variable.toLowerCase().replace('_', '.');
            return properties.stream().anyMatch(property -> property.toLowerCase().replace("-", "").equals(dotted));
        }
    }
}
