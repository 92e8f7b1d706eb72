package com.seckill.common.test;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Enumeration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.sql.DataSource;

/**
 * What a service's own Flyway does as it starts (contract §6, sql/&lt;service&gt;/): in a schema that already
 * holds another service's table, as the shared one does, it makes every table of its migrations, records them
 * in its own history table, and the guards that keep a sale exact are there. Each service's {@code OwnTablesIT}
 * starts its DataSource and Flyway, as configured by its application.yml, on such a schema of its own.
 */
public final class OwnTables {

    private static final Pattern TABLE = Pattern.compile("CREATE TABLE IF NOT EXISTS (\\w+)|RENAME TABLE (\\w+) TO (\\w+)");

    private OwnTables() {
    }

    /** A fresh schema for {@code service}'s check, holding a neighbour's table only; its JDBC URL. */
    public static String sharedSchema(String service) {
        TestInfra.Endpoints e = TestInfra.endpoints();
        try (Connection c = DriverManager.getConnection(e.jdbcUrl(""), e.dbUser(), e.dbPassword());
             Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + schema(service));
            s.execute("CREATE DATABASE " + schema(service) + " DEFAULT CHARACTER SET utf8mb4");
            s.execute("CREATE TABLE " + schema(service) + ".neighbours_table (id BIGINT PRIMARY KEY)");
        } catch (SQLException ex) {
            throw new IllegalStateException("Could not make the schema " + schema(service), ex);
        }
        return e.jdbcUrl(schema(service));
    }

    /** The schema of the check is gone again. */
    public static void drop(String service) throws SQLException {
        TestInfra.Endpoints e = TestInfra.endpoints();
        try (Connection c = DriverManager.getConnection(e.jdbcUrl(""), e.dbUser(), e.dbPassword());
             Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + schema(service));
        }
    }

    /**
     * Every table of the service's packaged migrations exists, its history table says version 1 succeeded, and
     * each {@code uniqueKeys} entry ({@code table.index}) is a unique index.
     */
    public static void assertMade(String service, DataSource dataSource, String... uniqueKeys) throws Exception {
        List<String> tables = migrationTables();
        assertThat(tables).as("tables in %s's db/migration", service).isNotEmpty();
        try (Connection c = dataSource.getConnection()) {
            for (String table : tables) {
                assertThat(count(c, "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = ?",
                        table)).as("table %s made by %s", table, service).isEqualTo(1);
            }
            assertThat(count(c, "SELECT COUNT(*) FROM " + TestInfra.historyTable(service) + " WHERE version = ? AND success = 1", "1"))
                    .as("%s's own history records V1", service).isEqualTo(1);
            for (String key : uniqueKeys) {
                String[] parts = key.split("\\.");
                assertThat(count(c, "SELECT COUNT(*) FROM information_schema.statistics WHERE table_schema = DATABASE()"
                        + " AND table_name = ? AND index_name = ? AND non_unique = 0", parts[0], parts[1]))
                        .as("unique index %s", key).isPositive();
            }
        }
    }

    /** The tables this service's migrations (its target/classes/db/migration, as packaged) create, under their last names. */
    static List<String> migrationTables() throws IOException, URISyntaxException {
        List<String> tables = new ArrayList<>();
        Enumeration<URL> folders = OwnTables.class.getClassLoader().getResources("db/migration");
        while (folders.hasMoreElements()) {
            try (Stream<Path> files = Files.list(Path.of(folders.nextElement().toURI()))) {
                for (Path file : files.filter(f -> f.getFileName().toString().startsWith("V"))
                        .sorted(Comparator.comparingInt(OwnTables::version)).toList()) {
                    Matcher m = TABLE.matcher(Files.readString(file, StandardCharsets.UTF_8));
                    while (m.find()) {
                        if (m.group(1) != null) {
                            tables.add(m.group(1));
                        } else {
                            tables.set(tables.indexOf(m.group(2)), m.group(3)); // RENAME TABLE old TO new
                        }
                    }
                }
            }
        }
        return tables;
    }

    /** The version of a migration, {@code V12__x.sql}: 12. */
    private static int version(Path migration) {
        String name = migration.getFileName().toString();
        return Integer.parseInt(name.substring(1, name.indexOf("__")));
    }

    private static long count(Connection c, String sql, String... args) throws SQLException {
        try (PreparedStatement q = c.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                q.setString(i + 1, args[i]);
            }
            try (ResultSet rs = q.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    private static String schema(String service) {
        return "seckill_it_" + service.substring(0, service.indexOf('-')) + "_tables";
    }
}
