package com.seckill.ops.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The settings ./seckill exports, read as the services read them: blank means the default. */
class LaunchSettingsTest {

    @Test
    void withNothingSetEverythingIsTheLocalDefault() {
        LaunchSettings settings = new LaunchSettings(Map.of("SECKILL_DB_HOST", " ", "SECKILL_ROOT", "/repo/./x/.."));
        assertThat(settings.dbHost()).isEqualTo("127.0.0.1");
        assertThat(settings.dbPort()).isEqualTo(3306);
        assertThat(settings.redisPort()).isEqualTo(6379);
        assertThat(settings.rabbitPort()).isEqualTo(5672);
        assertThat(settings.dbPassword()).isEmpty();
        assertThat(settings.root()).isEqualTo(Path.of("/repo"));
        assertThat(settings.logDir()).isEqualTo(Path.of("/repo/.run/logs"));
        assertThat(settings.discovery()).isEqualTo("static");
        assertThat(settings.upWait()).isEqualTo(Duration.ofSeconds(180));
        assertThat(settings.redisClusterNodes()).isEmpty();
        assertThat(settings.ownServicesOnly()).isFalse();
        assertThat(settings.javaOpts()).contains("-Xmx256m", "-XX:+UseSerialGC");
    }

    @Test
    void aClusterIsItsNodesAndTheJavaOptionsAreWords() {
        LaunchSettings settings = new LaunchSettings(Map.of("SPRING_DATA_REDIS_CLUSTER_NODES", "10.0.0.1:7000, 10.0.0.2:7001,,",
                "SECKILL_JAVA_OPTS", "  -Xmx1g   -XX:+UseG1GC ", "SECKILL_UP_OWN_ONLY", "1"));
        assertThat(settings.redisClusterNodes()).containsExactly("10.0.0.1:7000", "10.0.0.2:7001");
        assertThat(settings.javaOpts()).containsExactly("-Xmx1g", "-XX:+UseG1GC");
        assertThat(settings.ownServicesOnly()).isTrue();
    }

    @Test
    void aPortOrBoundThatIsNoWholeNumberIsNamed() {
        assertThatThrownBy(() -> new LaunchSettings(Map.of("SECKILL_REDIS_PORT", "63 79")).validate())
                .hasMessage("SECKILL_REDIS_PORT must be a whole number (got '63 79')");
        assertThatThrownBy(() -> new LaunchSettings(Map.of("SECKILL_INFRA_TIMEOUT", "-5")).validate())
                .hasMessage("SECKILL_INFRA_TIMEOUT must be a whole number of seconds (got '-5')");
        new LaunchSettings(Map.of("SECKILL_DB_PORT", "3307")).validate();
    }

    @Test
    void onlyTheLoopbackNamesAreLocal() {
        assertThat(LaunchSettings.isLocal("localhost")).isTrue();
        assertThat(LaunchSettings.isLocal("[::1]")).isTrue();
        assertThat(LaunchSettings.isLocal("127.0.0.2")).isFalse();
        assertThat(LaunchSettings.isLocal("db.internal")).isFalse();
    }
}
