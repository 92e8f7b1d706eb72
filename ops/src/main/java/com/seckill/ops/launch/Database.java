package com.seckill.ops.launch;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The database {@code ./seckill up} uses: SECKILL_DB_NAME created (empty: each service makes its own tables
 * with Flyway as it starts) and, once the services are up, the demo data, both through the mariadb client.
 */
final class Database {

    private static final String DEMO_DATA = "sql/demo-data.sql";
    /** The activity sql/demo-data.sql puts on sale. */
    static final long DEMO_ACTIVITY = 1;

    private final LaunchSettings settings;
    private final Console console;
    private final Probes probes;

    Database(LaunchSettings settings, Console console) {
        this.settings = settings;
        this.console = console;
        this.probes = new Probes(settings);
    }

    /**
     * SECKILL_DB_NAME, created when missing and left empty: each service makes its own tables when it
     * starts (Flyway, sql/&lt;service&gt;/).
     */
    boolean create() {
        String database = database();
        if (database == null) {
            return false;
        }
        Shell.Result created = db(List.of("-e", "CREATE DATABASE IF NOT EXISTS `" + database + "` DEFAULT CHARACTER SET utf8mb4"),
                Path.of("/dev/null"));
        if (!created.ok()) {
            console.error("could not create database " + database + ": " + created.output().strip());
            return false;
        }
        return true;
    }

    /** sql/demo-data.sql into SECKILL_DB_NAME, once seckill-service has made its tables (idempotent). */
    boolean loadDemoData() {
        String database = database();
        if (database == null) {
            return false;
        }
        console.info("demo data -> database " + database);
        Shell.Result applied = db(List.of(database), settings.root().resolve(DEMO_DATA));
        if (!applied.ok()) {
            console.error("applying " + DEMO_DATA + " failed: " + applied.output().strip());
            return false;
        }
        return true;
    }

    /** SECKILL_DB_NAME when it is a plain name (it goes into SQL unquoted by the client); null after saying why. */
    String database() {
        String database = settings.get("SECKILL_DB_NAME", "seckill");
        if (!database.matches("[A-Za-z0-9_]{1,64}")) {
            console.error("SECKILL_DB_NAME must be 1 to 64 letters, digits and _ (got '" + database + "')");
            return null;
        }
        return database;
    }

    private Shell.Result db(List<String> args, Path input) {
        String client = Probes.dbClient();
        if (client == null || !Files.exists(input)) {
            return new Shell.Result(127, client == null ? "no mariadb (or mysql) client" : input + " is missing");
        }
        List<String> command = new ArrayList<>(List.of(client, "--protocol=TCP", "--connect-timeout=5", "-h", settings.dbHost(),
                "-P", String.valueOf(settings.dbPort()), "-u", settings.dbUser()));
        command.addAll(args);
        return Shell.run(Duration.ofMinutes(2), probes.dbPassword(), command, input);
    }
}
