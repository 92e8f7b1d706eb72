package com.seckill.ops.schema;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A migration, once in the repository, is applied somewhere and never changes: Flyway checksums the whole file,
 * comments included, and refuses to start a service on a database whose applied migrations differ by a byte. Every
 * {@code sql/<service>/V*__*.sql} is recorded in {@code sql/applied-migrations.sha256}; a change to the schema is
 * a new migration, added to that list in the same commit.
 */
class AppliedMigrationsTest {

    private static Path sql() {
        Path here = Path.of("").toAbsolutePath();
        while (here != null && !Files.isDirectory(here.resolve("sql"))) {
            here = here.getParent();
        }
        assertThat(here).as("the repository's sql/, above " + Path.of("").toAbsolutePath()).isNotNull();
        return here.resolve("sql");
    }

    static Map<String, String> recorded(String manifest) {
        Map<String, String> recorded = new TreeMap<>();
        for (String line : manifest.split("\n")) {
            if (!line.isBlank()) {
                String[] parts = line.strip().split("\\s+", 2);
                recorded.put(parts[1], parts[0]);
            }
        }
        return recorded;
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void everyMigrationIsRecordedAndNoneChangedSince() throws IOException {
        Path sql = sql();
        Map<String, String> actual = new TreeMap<>();
        try (Stream<Path> files = Files.walk(sql)) {
            for (Path file : files.filter(f -> f.getFileName().toString().matches("V[0-9]+__.*\\.sql")).toList()) {
                actual.put(sql.relativize(file).toString(), sha256(Files.readAllBytes(file)));
            }
        }
        Map<String, String> recorded = recorded(Files.readString(sql.resolve("applied-migrations.sha256")));

        assertThat(actual).as("the services' migrations").isNotEmpty();
        assertThat(actual.keySet()).as("migrations not recorded in sql/applied-migrations.sha256, or recorded and gone")
                .isEqualTo(recorded.keySet());
        actual.forEach((file, hash) -> assertThat(hash).as(file + " changed after it was recorded: write a new migration instead")
                .isEqualTo(recorded.get(file)));
    }

    @Test
    void theRecordIsReadAsSha256sumWritesIt() {
        assertThat(recorded("ab12  order-service/V1__order_tables.sql\n\ncd34  seckill-service/V2__x.sql\n"))
                .containsExactly(Map.entry("order-service/V1__order_tables.sql", "ab12"), Map.entry("seckill-service/V2__x.sql", "cd34"));
        assertThat(sha256(new byte[0])).isEqualTo("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    }
}
