package com.seckill.ops.launch;

import static org.assertj.core.api.Assertions.assertThat;

import com.seckill.ops.launch.Infrastructure.Step;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What ./seckill does about each server and about a database login, and the database name it accepts. */
class InfrastructureTest {

    @Test
    void onlyALocalServerThatIsDownIsStartedAndInstalledFirstWhenMissing() {
        assertThat(Infrastructure.next(true, false, false)).isEqualTo(Step.NOTHING);
        assertThat(Infrastructure.next(true, true, true)).isEqualTo(Step.NOTHING);
        assertThat(Infrastructure.next(false, false, true)).isEqualTo(Step.REPORT);
        assertThat(Infrastructure.next(false, true, true)).isEqualTo(Step.START);
        assertThat(Infrastructure.next(false, true, false)).isEqualTo(Step.INSTALL_AND_START);
    }

    @Test
    void aRefusedLoginSaysWhatToSetOrAllow() {
        LaunchSettings local = new LaunchSettings(Map.of());
        assertThat(Infrastructure.loginProblem(null, local)).isNull();
        assertThat(Infrastructure.loginProblem("ERROR 2002: Can't connect", local))
                .isEqualTo("MariaDB at 127.0.0.1:3306 does not answer: ERROR 2002: Can't connect");
        assertThat(Infrastructure.loginProblem("ERROR 1045: Access denied for user 'root'", local))
                .startsWith("MariaDB refuses root over TCP").contains("set SECKILL_DB_PASSWORD", "IDENTIFIED VIA unix_socket");
        LaunchSettings remote = new LaunchSettings(Map.of("SECKILL_DB_HOST", "db.internal", "SECKILL_DB_USER", "shop"));
        assertThat(Infrastructure.loginProblem("ERROR 1045: Access denied for user 'shop'", remote))
                .isEqualTo("MariaDB at db.internal:3306 refuses user 'shop': ERROR 1045: Access denied for user 'shop'"
                        + " (check SECKILL_DB_USER and SECKILL_DB_PASSWORD)");
    }

    @Test
    void aDatabaseNameThatIsNoPlainNameIsRefusedBeforeAnySql() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Console console = new Console(new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true), false);
        for (String name : new String[] {"shop`; DROP DATABASE mysql; --", "a-b", "x".repeat(65)}) {
            err.reset();
            Database database = new Database(new LaunchSettings(Map.of("SECKILL_DB_NAME", name)), console);
            assertThat(database.create()).as(name).isFalse();
            assertThat(database.loadDemoData()).as(name).isFalse();
            assertThat(err.toString()).contains("SECKILL_DB_NAME must be 1 to 64 letters, digits and _");
        }
        assertThat(new Database(new LaunchSettings(Map.of("SECKILL_DB_NAME", "seckill_bench")), console).database()).isEqualTo("seckill_bench");
    }
}
