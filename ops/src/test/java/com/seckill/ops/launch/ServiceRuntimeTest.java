package com.seckill.ops.launch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which java a service runs on and with which AOT cache: a cache is used only for the very jar and JDK it was
 * trained with, a rebuilt jar never meets an old one (it starts without, colder), and a JDK older than 25 runs
 * the jar as it is. The JDK is a script that answers {@code -version} and Spring Boot's {@code extract} as a
 * real one does.
 */
class ServiceRuntimeTest {

    private static final List<String> OPTIONS = List.of("-Xmx256m");

    @TempDir
    Path root;

    private Path fakeJava(String version) throws IOException {
        Path java = root.resolve("jdk-" + version).resolve("bin/java");
        Files.createDirectories(java.getParent());
        Files.writeString(java, """
                #!/bin/sh
                if [ "$1" = "-version" ]; then echo 'openjdk version "%s" 2025-09-16' >&2; exit 0; fi
                # java -Djarmode=tools -jar JAR extract --destination DIR
                jar="$3"; dir="$6"; mkdir -p "$dir/lib" && cp "$jar" "$dir/$(basename "$jar")"
                """.formatted(version));
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        return java;
    }

    /** A jar as Spring Boot builds it (its manifest says so), whose one entry holds {@code content}. */
    private Path jar(String content) throws IOException {
        return jar(content, true);
    }

    private Path jar(String content, boolean springBoot) throws IOException {
        Path jar = root.resolve("gateway-service/target/gateway-service.jar");
        Files.createDirectories(jar.getParent());
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        if (springBoot) {
            manifest.getMainAttributes().putValue("Spring-Boot-Version", "3.5.7");
        }
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest)) {
            out.putNextEntry(new JarEntry("content.txt"));
            out.write(content.getBytes(StandardCharsets.UTF_8));
        }
        return jar;
    }

    private ServiceRuntime runtime(Path java) {
        return new ServiceRuntime(new LaunchSettings(Map.of("SECKILL_ROOT", root.toString(), "SECKILL_SERVICE_JAVA", java.toString())));
    }

    @Test
    void aTrainedCacheIsUsedOnlyWithTheJarAndJdkItWasMadeFor() throws IOException {
        ServiceRuntime runtime = runtime(fakeJava("25.0.1"));
        Path jar = jar("build 1");

        List<String> untrained = runtime.command("gateway-service", jar, OPTIONS, false);
        Path app = runtime.appDir("gateway-service", jar);
        assertThat(untrained).as("no cache yet, not the recording instance: starts without one")
                .noneMatch(arg -> arg.startsWith("-XX:AOTCache")).endsWith("-jar", app.resolve("gateway-service.jar").toString());
        assertThat(runtime.command("gateway-service", jar, OPTIONS, true)).as("no cache yet: the first instance records it")
                .contains("-XX:AOTCacheOutput=" + runtime.cache("gateway-service", jar));

        Path cache = runtime.cache("gateway-service", jar);
        Files.writeString(cache, "trained");
        assertThat(cache.getParent()).isEqualTo(app);
        assertThat(cache.getFileName().toString()).contains("25.0.1");
        assertThat(runtime.command("gateway-service", jar, OPTIONS, false)).contains("-XX:AOTCache=" + cache);
        assertThat(runtime.command("gateway-service", jar, OPTIONS, true)).as("a cache there is used, not recorded again")
                .contains("-XX:AOTCache=" + cache).noneMatch(arg -> arg.startsWith("-XX:AOTCacheOutput"));

        Path rebuilt = jar("build 2");
        ServiceRuntime afterTheBuild = runtime(fakeJava("25.0.1"));
        List<String> command = afterTheBuild.command("gateway-service", rebuilt, OPTIONS, true);
        assertThat(command).as("the old cache is not this jar's: a new one is recorded").doesNotContain("-XX:AOTCache=" + cache)
                .contains("-XX:AOTCacheOutput=" + afterTheBuild.cache("gateway-service", rebuilt));
        assertThat(afterTheBuild.appDir("gateway-service", rebuilt)).isNotEqualTo(app);
        assertThat(app).as("the old extraction and its cache are removed").doesNotExist();

        ServiceRuntime anotherJdk = runtime(fakeJava("25.0.2"));
        Files.writeString(afterTheBuild.cache("gateway-service", rebuilt), "trained on 25.0.1");
        assertThat(anotherJdk.command("gateway-service", rebuilt, OPTIONS, false)).as("a cache is the JDK's that made it")
                .noneMatch(arg -> arg.startsWith("-XX:AOTCache"));
    }

    @Test
    void aJdkOlderThan25RunsTheJarAsItIsWithoutExtractingIt() throws IOException {
        Path java = fakeJava("17.0.15");
        Path jar = jar("build 1");

        List<String> command = runtime(java).command("gateway-service", jar, OPTIONS, true);

        assertThat(command).containsExactly(java.toString(), "-Xmx256m", "-jar", jar.toString());
        assertThat(root.resolve(".run/app")).doesNotExist();
    }

    @Test
    void aJarSpringBootDidNotBuildRunsAsItIs() throws IOException {
        Path java = fakeJava("25.0.1");
        Path jar = jar("plain", false);

        assertThat(runtime(java).command("gateway-service", jar, OPTIONS, true)).containsExactly(java.toString(), "-Xmx256m", "-jar", jar.toString());
    }

    @Test
    void theNewestJdkOf25OrLaterIsChosen() throws IOException {
        fakeJava("17.0.15");
        fakeJava("25.0.1");
        fakeJava("26-ea");

        assertThat(ServiceJava.newestAtLeast(25, root)).hasValueSatisfying(java -> assertThat(java.version()).isEqualTo("26-ea"));
        assertThat(ServiceJava.newestAtLeast(27, root)).isEmpty();
    }
}
