package com.seckill.ops.launch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** A java binary the services may run on, and the version it reports. */
record ServiceJava(Path binary, String version) {

    /** Where Debian and Temurin's packages put their JDKs, each in a folder of its own. */
    static final Path JVMS = Path.of("/usr/lib/jvm");
    private static final Pattern VERSION = Pattern.compile("version \"([0-9][^\"]*)\"");

    int release() {
        String major = version.split("[.+-]")[0];
        return major.matches("[0-9]+") ? Integer.parseInt(major) : 0;
    }

    /** The newest java of {@code release} or later under {@code jvms}. */
    static Optional<ServiceJava> newestAtLeast(int release, Path jvms) {
        if (!Files.isDirectory(jvms)) {
            return Optional.empty();
        }
        try (Stream<Path> homes = Files.list(jvms)) {
            return homes.filter(home -> !Files.isSymbolicLink(home)).map(home -> home.resolve("bin/java")).filter(Files::isExecutable)
                    .map(ServiceJava::describe).flatMap(Optional::stream).filter(j -> j.release() >= release)
                    .max(Comparator.comparingInt(ServiceJava::release));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    static Optional<ServiceJava> describe(Path binary) {
        Shell.Result answer = Shell.run(Duration.ofSeconds(20), List.of(binary.toString(), "-version"));
        Matcher version = VERSION.matcher(answer.output());
        return answer.ok() && version.find() ? Optional.of(new ServiceJava(binary, version.group(1))) : Optional.empty();
    }
}
