package com.seckill.ops.launch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The service processes as ./seckill up and down handle them: real JVMs started detached and stopped by their pid files. */
class ServiceProcessesTest {

    private static final Instance SECKILL = new Instance("seckill-service", 1);

    @TempDir
    Path root;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private ServiceProcesses processes() {
        LaunchSettings settings = new LaunchSettings(Map.of("SECKILL_ROOT", root.toString(), "SECKILL_JAVA_OPTS", "-Xmx32m -XX:+UseSerialGC"));
        return new ServiceProcesses(settings, new Console(new PrintStream(out, true), new PrintStream(err, true), false));
    }

    @Test
    void anInstanceStartsDetachedOnItsPortWithItsPidAndLogAndStopsOnSigterm() throws Exception {
        writeServiceJar(SECKILL.jar(root));
        ServiceProcesses processes = processes();
        Files.createDirectories(root.resolve(".run/logs"));
        Files.writeString(processes.logFile(SECKILL), "the previous run\n");

        assertThat(processes.start(SECKILL, Map.of("SECKILL_MARK", "launched"))).isTrue();
        Optional<ProcessHandle> process = processes.process(SECKILL);
        try {
            assertThat(process).isPresent();
            assertThat(Files.readString(processes.pidFile(SECKILL)).strip()).isEqualTo(Long.toString(process.get().pid()));
            assertThat(processes.running()).containsExactly(SECKILL);
            assertThat(Shell.waitUntil(Duration.ofSeconds(20), Duration.ofMillis(100),
                    () -> ServiceProcesses.tail(processes.logFile(SECKILL), 5).orElse("").contains("listening on 8081, SECKILL_MARK=launched")))
                    .as("the service's own output in its log").isTrue();
            assertThat(root.resolve(".run/logs/seckill-service.log.1")).hasContent("the previous run");
            assertThat(out.toString()).contains("started seckill-service", "pid " + process.get().pid());

            processes.stop(List.of(SECKILL));
            assertThat(process.get().isAlive()).isFalse();
            assertThat(processes.pidFile(SECKILL)).doesNotExist();
            assertThat(out.toString()).containsPattern("seckill-service +stopped \\(pid " + process.get().pid() + "\\)");
            assertThat(processes.running()).isEmpty();
        } finally {
            process.ifPresent(ProcessHandle::destroyForcibly);
        }
    }

    @Test
    void aPidFileNamingAnotherProgramIsNoInstanceAndStopLeavesThatProgramAlone() throws Exception {
        Process other = new ProcessBuilder("sleep", "60").start();
        try {
            ServiceProcesses processes = processes();
            Files.createDirectories(root.resolve(".run"));
            Files.writeString(processes.pidFile(SECKILL), Long.toString(other.pid()));

            assertThat(processes.process(SECKILL)).as("a recycled pid is not our service").isEmpty();
            processes.stop(List.of(SECKILL));
            assertThat(other.isAlive()).isTrue();
            assertThat(processes.pidFile(SECKILL)).doesNotExist();
            assertThat(out.toString()).containsPattern("seckill-service +not running");
        } finally {
            other.destroyForcibly();
        }
    }

    @Test
    void aMissingJarIsNamedWithHowToBuildIt() throws Exception {
        assertThat(processes().start(SECKILL, Map.of())).isFalse();
        assertThat(err.toString()).contains("seckill-service/target/seckill-service.jar is missing (./seckill up --build builds it)");
    }

    @Test
    void aLogIsReadFromItsEndAndAMissingOneIsNothing() throws Exception {
        Path log = root.resolve("long.log");
        Files.writeString(log, IntStream.rangeClosed(1, 20_000).mapToObj(i -> "line " + i).collect(Collectors.joining("\n")) + "\n");
        assertThat(ServiceProcesses.tail(log, 3)).contains("line 19998\nline 19999\nline 20000");
        assertThat(ServiceProcesses.tail(root.resolve("none.log"), 3)).isEmpty();
    }

    /** An executable jar whose main class is SleepingService, where the launcher looks for the module's jar. */
    private static void writeServiceJar(Path jar) throws IOException {
        Files.createDirectories(jar.getParent());
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, SleepingService.class.getName());
        String entry = SleepingService.class.getName().replace('.', '/') + ".class";
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file, manifest);
             InputStream bytes = SleepingService.class.getClassLoader().getResourceAsStream(entry)) {
            out.putNextEntry(new JarEntry(entry));
            bytes.transferTo(out);
            out.closeEntry();
        }
    }
}
