package com.seckill.ops.launch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** When up builds: a jar missing, a main source or a pom newer than the oldest jar, or --build; never for a test source. */
class ServiceJarsTest {

    private static final Instant BUILT = Instant.parse("2026-12-07T10:00:00Z");

    @TempDir
    Path root;

    private ServiceJars jars;

    @BeforeEach
    void aBuiltCheckout() throws IOException {
        jars = new ServiceJars(root);
        write("pom.xml", BUILT.minusSeconds(60));
        for (String module : ServiceJars.INPUTS) {
            write(module + "/pom.xml", BUILT.minusSeconds(60));
            write(module + "/src/main/java/A.java", BUILT.minusSeconds(60));
        }
        for (String module : Instance.MODULES) {
            write(module + "/target/" + module + ".jar", BUILT);
        }
    }

    private void write(String file, Instant modified) throws IOException {
        Path path = root.resolve(file);
        Files.createDirectories(path.getParent());
        Files.writeString(path, file);
        Files.setLastModifiedTime(path, FileTime.from(modified));
    }

    @Test
    void currentJarsAreNotBuiltUnlessAsked() throws IOException {
        assertThat(jars.rebuildReason(false)).isEmpty();
        assertThat(jars.rebuildReason(true)).contains("--build");
    }

    @Test
    void aMissingJarIsBuilt() throws IOException {
        Files.delete(jars.jar("payment-service"));
        assertThat(jars.rebuildReason(false)).contains("a service jar is missing");
    }

    @Test
    void aMainSourceOrAPomNewerThanTheOldestJarIsBuiltATestSourceIsNot() throws IOException {
        write("order-service/target/order-service.jar", BUILT.minusSeconds(30)); // the oldest jar
        write("common/src/test/java/ATest.java", BUILT.plusSeconds(60));
        assertThat(jars.rebuildReason(false)).as("a test source").isEmpty();

        write("service-web/src/main/resources/x.yml", BUILT.minusSeconds(10)); // newer than the oldest jar only
        assertThat(jars.rebuildReason(false)).contains("sources changed since the last build");

        aBuiltCheckout();
        write("gateway-service/pom.xml", BUILT.plusSeconds(1));
        assertThat(jars.rebuildReason(false)).contains("sources changed since the last build");

        aBuiltCheckout();
        write("sql/payment-service/V3__more.sql", BUILT.plusSeconds(1));
        assertThat(jars.rebuildReason(false)).as("a migration goes into its service's jar").contains("sources changed since the last build");
    }

    @Test
    void markingJarsCurrentMakesThemNewerThanTheirSources() throws IOException {
        write("seckill-service/src/main/java/B.java", BUILT.plusSeconds(60));
        assertThat(jars.rebuildReason(false)).isPresent();

        jars.markCurrent();

        assertThat(jars.rebuildReason(false)).isEmpty();
    }
}
