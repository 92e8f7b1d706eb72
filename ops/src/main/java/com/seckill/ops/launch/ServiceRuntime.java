package com.seckill.ops.launch;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.stream.Stream;

/**
 * What a service instance runs on: the newest JDK of {@value #AOT_RELEASE} or later on the machine
 * ({@code SECKILL_SERVICE_JAVA} names a java binary instead), the service's jar extracted the way Spring Boot
 * lays it out for an AOT cache ({@code .run/app/<module>/<digest of the jar>/}), and the AOT cache trained for
 * exactly that jar and that JDK when there is one. A cache lives beside the extraction of the jar it was made
 * from and carries the JDK's version in its name, so a rebuilt jar or another JDK never meets an old cache:
 * the service then records one while it runs (its first instance does) and writes it as it stops.
 */
final class ServiceRuntime {

    /** JEP 514/515: one-step training (AOTCacheOutput) and method profiles in the cache. */
    static final int AOT_RELEASE = 25;

    private final LaunchSettings settings;
    /** Digests by jar and its last modification: a jar is read once per launcher command. */
    private final java.util.Map<String, String> digests = new java.util.HashMap<>();
    private ServiceJava java;

    ServiceRuntime(LaunchSettings settings) {
        this.settings = settings;
    }

    /** The java the services run on (found once). */
    ServiceJava java() {
        if (java == null) {
            String chosen = settings.get("SECKILL_SERVICE_JAVA", "");
            java = !chosen.isEmpty() ? ServiceJava.describe(Path.of(chosen)).orElseThrow(() -> new IllegalArgumentException(
                    "SECKILL_SERVICE_JAVA=" + chosen + " is not a java that answers -version"))
                    : ServiceJava.newestAtLeast(AOT_RELEASE, ServiceJava.JVMS).or(() -> ServiceJava.describe(Path.of("java")))
                    .orElseThrow(() -> new IllegalArgumentException(
                            "no java to run the services on: install a JDK 17+ (a JDK 25+ for the AOT cache) or set SECKILL_SERVICE_JAVA"));
        }
        return java;
    }

    /** Which java the services were last started on ({@code .run/services-java.txt}, for the bench's report). */
    void noteJava() throws IOException {
        Files.writeString(settings.runDir().resolve("services-java.txt"), java().binary() + " " + java().version() + "\n");
    }

    /** Whether one of {@code processes} records an AOT cache (it writes it as it exits). */
    static boolean recording(List<ProcessHandle> processes) {
        return processes.stream().anyMatch(p -> p.info().commandLine().orElse("").contains("-XX:AOTCacheOutput="));
    }

    /** Where {@code jar} is (or will be) extracted: a folder named after its content. */
    Path appDir(String module, Path jar) {
        String key = jar.toAbsolutePath() + "@" + lastModified(jar);
        return settings.runDir().resolve("app").resolve(module).resolve(digests.computeIfAbsent(key, k -> digest(jar)));
    }

    /** The AOT cache for {@code jar} on this JDK (it may not exist yet). */
    Path cache(String module, Path jar) {
        return appDir(module, jar).resolve(module + "-jdk" + java().version().replaceAll("[^0-9A-Za-z.]", "_") + ".aot");
    }

    /**
     * The command that starts {@code module} from {@code jar}: on a JDK of {@value #AOT_RELEASE} or later, from
     * its extraction, with its AOT cache when there is one, else recording it when {@code record} (the run is the
     * training: the service's warm-up, then what it is asked; the cache is written as it stops) or without one;
     * on an older JDK, the jar as it is.
     */
    List<String> command(String module, Path jar, List<String> options, boolean record) throws IOException {
        List<String> command = new ArrayList<>(List.of(java().binary().toString()));
        command.addAll(options);
        if (java().release() < AOT_RELEASE || !builtBySpringBoot(jar)) {
            command.addAll(List.of("-jar", jar.toString()));
            return command;
        }
        Path app = extracted(module, jar);
        Path cache = cache(module, jar);
        if (Files.exists(cache)) {
            command.add("-XX:AOTCache=" + cache);
        } else if (record) {
            command.add("-XX:AOTCacheOutput=" + cache);
        }
        command.addAll(List.of("-jar", app.resolve(module + ".jar").toString()));
        return command;
    }

    /** Whether {@code jar} is an executable jar Spring Boot built (only such a jar can be extracted for the cache). */
    static boolean builtBySpringBoot(Path jar) throws IOException {
        try (JarFile file = new JarFile(jar.toFile())) {
            Manifest manifest = file.getManifest();
            return manifest != null && manifest.getMainAttributes().getValue("Spring-Boot-Version") != null;
        }
    }

    /** {@code jar} extracted (Spring Boot's {@code jarmode=tools extract}): once per content; older extractions removed. */
    Path extracted(String module, Path jar) throws IOException {
        Path app = appDir(module, jar);
        if (Files.exists(app.resolve(module + ".jar"))) {
            return app;
        }
        removeOthers(app);
        Path partial = app.resolveSibling(app.getFileName() + ".partial");
        deleteTree(partial);
        Files.createDirectories(partial.getParent());
        Shell.Result done = Shell.run(Duration.ofMinutes(2), List.of(java().binary().toString(), "-Djarmode=tools", "-jar", jar.toString(),
                "extract", "--destination", partial.toString()));
        if (!done.ok() || !Files.exists(partial.resolve(module + ".jar"))) {
            throw new IOException("could not extract " + jar + ": " + done.output().strip());
        }
        Files.move(partial, app);
        return app;
    }

    /** The extractions of the module's earlier jars, and their caches. */
    private static void removeOthers(Path keep) throws IOException {
        if (!Files.isDirectory(keep.getParent())) {
            return;
        }
        try (DirectoryStream<Path> others = Files.newDirectoryStream(keep.getParent())) {
            for (Path other : others) {
                if (!other.equals(keep)) {
                    deleteTree(other);
                }
            }
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }

    private static long lastModified(Path file) {
        try {
            return Files.getLastModifiedTime(file).toMillis();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The first 16 hex digits of the SHA-256 of the file's content. */
    static String digest(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[1 << 16];
            for (int n; (n = in.read(buffer)) > 0; ) {
                sha.update(buffer, 0, n);
            }
            return HexFormat.of().formatHex(sha.digest()).substring(0, 16);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
