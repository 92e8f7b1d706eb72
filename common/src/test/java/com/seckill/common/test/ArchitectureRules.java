package com.seckill.common.test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaConstructor;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The rules that keep the modules clean (issue 15), shared by every module's ArchitectureTest
 * through common's test jar: inside a service no package cycles; controllers do not reach mappers;
 * common holds wire contracts only; no module uses another service's code.
 */
public final class ArchitectureRules {

    /** Every module's own base package; service-web ({@code com.seckill.web}) and common are shared libraries. */
    private static final List<String> MODULES = List.of("com.seckill.gateway", "com.seckill.seckill", "com.seckill.order",
            "com.seckill.payment", "com.seckill.ops", "com.seckill.loadtest", "com.seckill.e2e");

    private ArchitectureRules() {
    }

    /** The packages right under {@code base} depend on each other without a cycle. */
    public static ArchRule noPackageCycles(String base) {
        return slices().matching(base + ".(*)..").should().beFreeOfCycles()
                .because("a cycle means two packages are one; move the shared piece to where it belongs");
    }

    /** Nothing in {@code base} uses another module's code (service-web and common are shared libraries). */
    public static ArchRule onlyItsOwnCode(String base) {
        return onlyItsOwnCode(base, MODULES);
    }

    /**
     * Nothing in {@code base} uses another module's code but that of {@code builtOn}, a tool it builds on (the load
     * testers' tool reaches the system through the operators' tool's probes).
     */
    public static ArchRule onlyItsOwnCodeAndThatOf(String base, String builtOn) {
        return onlyItsOwnCode(base, MODULES.stream().filter(module -> !module.equals(builtOn)).toList());
    }

    static ArchRule onlyItsOwnCode(String base, List<String> modules) {
        String[] others = modules.stream().filter(m -> !m.equals(base)).map(m -> m + "..").toArray(String[]::new);
        return noClasses().that().resideInAPackage(base + "..").should().dependOnClassesThat().resideInAnyPackage(others)
                .because("each service owns its code and data; another service is reached over its API");
    }

    /** A controller asks a service; only services (and jobs) touch a MyBatis mapper. */
    public static final ArchRule CONTROLLERS_DO_NOT_USE_MAPPERS = noClasses()
            .that().areAnnotatedWith("org.springframework.web.bind.annotation.RestController")
            .should().dependOnClassesThat().areAnnotatedWith("org.apache.ibatis.annotations.Mapper")
            .because("a controller speaks HTTP; the use case and its data belong to a service")
            .allowEmptyShould(true);

    /** common is the wire contract between services: no Spring, servlet, MyBatis, Redis or AMQP client. */
    public static final ArchRule COMMON_IS_WIRE_CONTRACTS_ONLY = noClasses()
            .that().resideInAPackage("com.seckill.common..")
            .and().resideOutsideOfPackage("com.seckill.common.test..")
            .should().dependOnClassesThat().resideInAnyPackage("org.springframework..", "jakarta.servlet..",
                    "org.apache.ibatis..", "io.lettuce..", "org.redisson..", "com.rabbitmq..", "reactor..")
            .because("every service depends on common; what it drags in, every service gets");

    /** Each service's Redis key builder; a service with none keeps no state in Redis but its own job locks. */
    private static final Map<String, List<String>> KEY_OWNERS = Map.of(
            "com.seckill.seckill", List.of("com.seckill.common.redis.SeckillKeys", "com.seckill.common.redis.StockBucket"),
            "com.seckill.gateway", List.of("com.seckill.gateway.redis.GatewayKeys"));

    /**
     * The one reader of another service's keys, by service: the gateway's look at each waiting room's figures
     * (contract §11), a read-only script ({@code queue-look.lua}: HEXISTS, HMGET, GET; checked by its own test) every
     * 200 ms, so that the herd of a sale's start is answered without a call to seckill-service per poll. It writes
     * nothing, and no other class of the gateway names seckill-service's keys.
     */
    private static final Map<String, String> READ_ONLY_LOOKS = Map.of("com.seckill.gateway", "com.seckill.gateway.queue.RoomLooks");

    /**
     * One owner per Redis key (CONVENTIONS "Boundaries"): the code of the service in {@code base} names no other
     * service's key builder, but its one read-only look ({@link #READ_ONLY_LOOKS}). Another service's state is
     * reached by asking it or telling it (an internal API, a {@code Settlement}), never by writing its keys.
     */
    public static ArchRule onlyItsOwnKeys(String base) {
        List<String> others = KEY_OWNERS.entrySet().stream().filter(owner -> !owner.getKey().equals(base))
                .flatMap(owner -> owner.getValue().stream()).toList();
        return noClasses().that().resideInAPackage(base + "..")
                .and().doNotHaveFullyQualifiedName(READ_ONLY_LOOKS.getOrDefault(base, "")).should().dependOnClassesThat(
                        DescribedPredicate.describe("are another service's key builder " + others, type -> others.contains(type.getFullName())))
                .because("each service owns its Redis keys; another service asks it or tells it, it never writes them");
    }

    private static final Pattern TABLE_USE = Pattern.compile("\\b(?:FROM|JOIN|INTO|UPDATE|TABLE)\\s+`?(\\w+)");

    /**
     * One owner per table (contract §6): the code of the module the test runs in, its main code and its tests
     * ({@code src}), names in SQL no table of another service's migrations ({@code sql/<service>/}), but
     * {@code alsoAllowed}, each an exception docs/contract.md states: a test needing another service's state gets it
     * from a stand-in of that service, not from its tables. Fails on the file and the table.
     */
    public static void assertUsesOnlyItsTables(String... alsoAllowed) {
        String module = Path.of("").toAbsolutePath().getFileName().toString();
        List<String> foreign = usesOfOthersTables(Path.of("src"), module, List.of(alsoAllowed));
        if (!foreign.isEmpty()) {
            throw new AssertionError(module + " uses other services' tables; ask the owner instead: " + foreign);
        }
    }

    /** Each place under {@code sources} whose SQL names a table of another service than {@code module}, but {@code allowed}. */
    static List<String> usesOfOthersTables(Path sources, String module, List<String> allowed) {
        Map<String, String> owners = tableOwners();
        List<String> foreign = new ArrayList<>();
        try (Stream<Path> files = Files.walk(sources)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                Matcher use = TABLE_USE.matcher(Files.readString(file));
                while (use.find()) {
                    String owner = owners.get(use.group(1));
                    if (owner != null && !owner.equals(module) && !allowed.contains(use.group(1))) {
                        foreign.add(file + ": " + use.group(1) + " (" + owner + "'s)");
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return foreign;
    }

    /** Table -> the service whose migrations create it (or rename one of its tables to it). */
    static Map<String, String> tableOwners() {
        Map<String, String> owners = new HashMap<>();
        for (Path folder : TestInfra.migrationFolders()) {
            try (Stream<Path> files = Files.list(folder)) {
                for (Path migration : files.toList()) {
                    Matcher created = Pattern.compile("CREATE TABLE IF NOT EXISTS (\\w+)|RENAME TABLE \\w+ TO (\\w+)")
                            .matcher(Files.readString(migration));
                    while (created.find()) {
                        owners.put(created.group(1) != null ? created.group(1) : created.group(2), folder.getFileName().toString());
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return owners;
    }

    /** Most collaborators a class takes: more means it does several jobs (issue 24). */
    public static final int MOST_CONSTRUCTOR_PARAMETERS = 7;
    /** Longest a source file of main code may be: past it, a class does several jobs (issue 24). */
    public static final int MOST_LINES = 200;

    /**
     * No constructor of a class takes more than {@value #MOST_CONSTRUCTOR_PARAMETERS} parameters. Records are
     * exempt: their components are their data (a settings record, a row), not collaborators.
     */
    public static final ArchRule CONSTRUCTORS_TAKE_FEW_COLLABORATORS = classes().that().areNotRecords()
            .should(new ArchCondition<>("take at most " + MOST_CONSTRUCTOR_PARAMETERS + " constructor parameters") {
                @Override
                public void check(JavaClass type, ConditionEvents events) {
                    for (JavaConstructor constructor : type.getConstructors()) {
                        int parameters = constructor.getRawParameterTypes().size();
                        if (parameters > MOST_CONSTRUCTOR_PARAMETERS) {
                            events.add(SimpleConditionEvent.violated(constructor,
                                    constructor.getFullName() + " takes " + parameters + " parameters"));
                        }
                    }
                }
            })
            .because("a class with that many collaborators has several jobs: split it by job")
            .allowEmptyShould(true);

    /** Fails when a main source file of the module the test runs in ({@code src/main/java}) is over {@value #MOST_LINES} lines. */
    public static void assertMainSourceFilesShort() {
        List<String> tooLong = filesOverMostLines(Path.of("src/main/java"));
        if (!tooLong.isEmpty()) {
            throw new AssertionError("main source files over " + MOST_LINES + " lines, split them by job: " + tooLong);
        }
    }

    /**
     * Fails when the module's main code ({@code src/main/java}) is over {@code most} lines in all: a tool that
     * outgrows it is doing another user's job (the operators' tool and the load testers' are two modules).
     */
    public static void assertMainSourceAtMost(int most) {
        try (Stream<Path> files = Files.walk(Path.of("src/main/java"))) {
            long total = files.filter(file -> file.toString().endsWith(".java")).mapToLong(ArchitectureRules::lines).sum();
            if (total > most) {
                throw new AssertionError("main code is " + total + " lines, more than " + most + ": move what serves another user out");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The source files under {@code sourceRoot} longer than {@value #MOST_LINES} lines, with their length. */
    public static List<String> filesOverMostLines(Path sourceRoot) {
        try (Stream<Path> files = Files.walk(sourceRoot)) {
            return files.filter(file -> file.toString().endsWith(".java"))
                    .map(file -> file + ": " + lines(file))
                    .filter(entry -> Long.parseLong(entry.substring(entry.lastIndexOf(' ') + 1)) > MOST_LINES)
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static long lines(Path file) {
        try (Stream<String> lines = Files.lines(file)) {
            return lines.count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
