package com.seckill.ops.launch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Whether the services' jars must be built before {@code up} starts them: one is missing, or a pom, a main source
 * or a migration ({@code sql/<service>/}) of a module that ends up in them is newer than the oldest jar. Test sources do not end up in the jars, so editing
 * a test builds nothing.
 */
final class ServiceJars {

    /** The modules whose main sources end up in the service jars. */
    static final List<String> INPUTS = Stream.concat(Stream.of("common", "service-web"), Instance.MODULES.stream()).toList();

    private final Path root;

    ServiceJars(Path root) {
        this.root = root;
    }

    Path jar(String module) {
        return root.resolve(module).resolve("target").resolve(module + ".jar");
    }

    /** Why the jars must be built (asked with {@code --build}: always), or empty when they are current. */
    Optional<String> rebuildReason(boolean asked) throws IOException {
        if (asked) {
            return Optional.of("--build");
        }
        FileTime oldest = null;
        for (String module : Instance.MODULES) {
            Path jar = jar(module);
            if (!Files.isRegularFile(jar)) {
                return Optional.of("a service jar is missing");
            }
            FileTime built = Files.getLastModifiedTime(jar);
            oldest = oldest == null || built.compareTo(oldest) < 0 ? built : oldest;
        }
        return newerThan(oldest) ? Optional.of("sources changed since the last build") : Optional.empty();
    }

    private boolean newerThan(FileTime built) throws IOException {
        List<Path> inputs = new ArrayList<>(List.of(root.resolve("pom.xml")));
        for (String module : INPUTS) {
            inputs.add(root.resolve(module).resolve("pom.xml"));
            inputs.add(root.resolve(module).resolve("src/main"));
            inputs.add(root.resolve("sql").resolve(module)); // a service's migrations go into its jar
        }
        for (Path input : inputs) {
            if (!Files.exists(input)) {
                continue;
            }
            try (Stream<Path> files = Files.walk(input)) {
                if (files.filter(Files::isRegularFile).anyMatch(file -> modified(file).compareTo(built) > 0)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static FileTime modified(Path file) {
        try {
            return Files.getLastModifiedTime(file);
        } catch (IOException e) {
            return FileTime.fromMillis(Long.MAX_VALUE); // gone or unreadable while looking: build to be sure
        }
    }

    /** {@code ops launch build-reason}: prints why the jars must be built, nothing when they are current. */
    int printReason(boolean asked) throws IOException {
        rebuildReason(asked).ifPresent(System.out::println);
        return 0;
    }

    /** After a build: every jar marked current (repackaging can leave a jar untouched when nothing in it changed). */
    int markCurrent() throws IOException {
        FileTime now = FileTime.fromMillis(System.currentTimeMillis());
        for (String module : Instance.MODULES) {
            if (Files.isRegularFile(jar(module))) {
                Files.setLastModifiedTime(jar(module), now);
            }
        }
        return 0;
    }
}
