package com.seckill.ops.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every "§N" in the repository (code, scripts, documents) names a section of docs/contract.md, so that a reader
 * can follow it without leaving the repository; an RFC's sections ("RFC 9112 §6.1") are the RFC's. The applied
 * migrations ({@code sql/<service>/V*__*.sql}) still name the contract by its old file name: their sections
 * are the same, and a migration cannot change once applied.
 */
class ContractReferencesTest {

    private static final Pattern SECTION_HEADING = Pattern.compile("^## (\\d+)\\. ", Pattern.MULTILINE);
    private static final Pattern REFERENCE = Pattern.compile("§\\s?(\\d+)");
    private static final Set<String> SKIPPED = Set.of(".git", "target", ".run", "node_modules");

    private static Path repository() {
        Path here = Path.of("").toAbsolutePath();
        while (here != null && !Files.exists(here.resolve("docs/contract.md"))) {
            here = here.getParent();
        }
        assertThat(here).as("the repository holding docs/contract.md, above " + Path.of("").toAbsolutePath()).isNotNull();
        return here;
    }

    static Set<Integer> sections(String contract) {
        Set<Integer> sections = new TreeSet<>();
        Matcher heading = SECTION_HEADING.matcher(contract);
        while (heading.find()) {
            sections.add(Integer.parseInt(heading.group(1)));
        }
        return sections;
    }

    /** The references of {@code text} to sections not in {@code sections}, as "line: text". */
    static List<String> dangling(String text, Set<Integer> sections) {
        List<String> dangling = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].contains("RFC")) {
                continue;
            }
            Matcher reference = REFERENCE.matcher(lines[i]);
            while (reference.find()) {
                if (!sections.contains(Integer.parseInt(reference.group(1)))) {
                    dangling.add((i + 1) + ": " + lines[i].strip());
                }
            }
        }
        return dangling;
    }

    @Test
    void everySectionReferenceInTheRepositoryResolvesInItsContract() throws IOException {
        Path root = repository();
        Set<Integer> sections = sections(Files.readString(root.resolve("docs/contract.md")));
        assertThat(sections).as("the contract's numbered sections").containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11);

        List<String> dangling = new ArrayList<>();
        List<String> outside = new ArrayList<>();
        int references = 0;
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.filter(Files::isRegularFile).filter(f -> !skipped(root, f)).toList()) {
                String text;
                try {
                    text = Files.readString(file, StandardCharsets.UTF_8);
                } catch (MalformedInputException binary) {
                    continue;
                }
                for (String line : dangling(text, sections)) {
                    dangling.add(root.relativize(file) + ":" + line);
                }
                references += (int) REFERENCE.matcher(text).results().count();
                // a migration once applied is history: Flyway refuses a database whose applied scripts changed by a byte
                if (text.contains("DESIGN" + ".md") && !isMigration(root.relativize(file))) {
                    outside.add(root.relativize(file).toString());
                }
            }
        }
        assertThat(references).as("the repository refers to its contract").isGreaterThan(100);
        assertThat(dangling).as("references to sections the contract does not have").isEmpty();
        assertThat(outside).as("references to a design file outside the repository").isEmpty();
    }

    @Test
    void aReferenceToAMissingSectionIsFoundAndAnRfcsIsNot() {
        Set<Integer> sections = Set.of(1, 4, 11);
        assertThat(dangling("see contract §4 and §11, rule 3", sections)).isEmpty();
        // written escaped: this file is one the first test reads
        assertThat(dangling("a\nas contract \u00a712 says", sections)).containsExactly("2: as contract \u00a712 says");
        assertThat(dangling("request smuggling, RFC 9112 §6.1", sections)).isEmpty();
        assertThat(sections("# T\n## 1. One\ntext\n## 11. Eleven\n### 3. not a section")).containsExactly(1, 11);
        assertThat(isMigration(Path.of("sql/order-service/V1__order_tables.sql"))).isTrue();
        assertThat(isMigration(Path.of("sql/demo-data.sql"))).isFalse();
    }

    static boolean isMigration(Path file) {
        return file.startsWith("sql") && file.getFileName().toString().matches("V[0-9]+__.*\\.sql");
    }

    private static boolean skipped(Path root, Path file) {
        for (Path part : root.relativize(file)) {
            if (SKIPPED.contains(part.toString())) {
                return true;
            }
        }
        return false;
    }
}
