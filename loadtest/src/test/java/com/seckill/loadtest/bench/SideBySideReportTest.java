package com.seckill.loadtest.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class SideBySideReportTest {

    /** The platform's crowd over 20 s: paths given and bought, paths refused sold out, and BUSY answers. */
    private static CrowdRun platform(long bought, long soldOutAtPath, long busy, int ms) throws IOException {
        return CrowdRuns.parse("{\"seconds\":20,\"timeouts\":0,\"errors\":0,\"statuses\":{\"token 200\":" + bought + ",\"purchase 202\":"
                + bought + ",\"token 410\":" + soldOutAtPath + ",\"token 503\":" + busy + ",\"purchase 503\":" + busy + "},"
                + "\"times\":{\"200\":{\"" + ms + "\":" + bought + "},\"202\":{\"" + ms + "\":" + bought + "},\"410\":{\"" + ms + "\":"
                + soldOutAtPath + "},\"503\":{\"1\":" + 2 * busy + "}}}");
    }

    private static CrowdRun dbOnly(long bought, long soldOut, int ms) throws IOException {
        return CrowdRuns.parse("{\"seconds\":20,\"timeouts\":0,\"errors\":0,\"statuses\":{\"dbonly 200\":" + bought + ",\"dbonly 410\":"
                + soldOut + "},\"times\":{\"200\":{\"" + ms + "\":" + bought + "},\"410\":{\"" + ms + "\":" + soldOut + "}}}");
    }

    @Test
    void anAttemptCountsOnceWhenDecidedAndNeitherAPathGivenNorABusyAnswerDecidesOne() throws IOException {
        SideBySideReport.Row row = new SideBySideReport.Row("purchase", 100, platform(4_000, 1_000, 50_000, 80));
        assertThat(row.decided()).isEqualTo(4_000 + 1_000);
        assertThat(row.attemptsPerSecond()).isEqualTo(250.0);
        assertThat(row.boughtPerSecond()).isEqualTo(200.0);

        SideBySideReport.Row db = new SideBySideReport.Row("dbonly", 100, dbOnly(3_000, 1_000, 40));
        assertThat(db.decided()).isEqualTo(4_000);
        assertThat(db.boughtPerSecond()).isEqualTo(150.0);
    }

    @Test
    void theRatiosAreThePlatformsOverTheDbOnlyAppsAgainstTheTargets() throws IOException {
        List<SideBySideReport.Row> rows = List.of(
                new SideBySideReport.Row("purchase", 100, platform(10_000, 0, 0, 40)),
                new SideBySideReport.Row("purchase", 5_000, platform(3_000, 0, 10_000, 900)),
                new SideBySideReport.Row("dbonly", 100, dbOnly(4_000, 0, 100)),
                new SideBySideReport.Row("dbonly", 5_000, dbOnly(4_000, 0, 1_000)));
        String table = new SideBySideReport(rows, null, new Properties()).table();

        assertThat(table).contains("| 100 | platform | 500 | 500 | 40 ms | 40 ms | 0 | 0 | 0 |")
                .contains("| 5,000 | DB-only app | 200 | 200 | 1,000 ms | 1,000 ms | 0 | 0 | 0 |")
                .contains("| 100 | 2.50x | >= 2x (met) | 0.40x | <= 0.5x (met) |")
                .contains("| 5,000 | 0.75x | >= 2x (**not met**) | 0.90x | <= 0.5x (**not met**) |");
    }
}
