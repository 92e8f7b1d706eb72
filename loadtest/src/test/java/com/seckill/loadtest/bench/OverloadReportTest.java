package com.seckill.loadtest.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class OverloadReportTest {

    /** A run of {@code seconds}: 202s and 503s with the given answer times (ms -> count). */
    private static CrowdRun purchases(long accepted, long busy, int acceptedMs, int busyMs, long timeouts, String extra) throws IOException {
        return CrowdRuns.parse("{\"seconds\":20,\"timeouts\":" + timeouts + ",\"errors\":" + timeouts
                + ",\"statuses\":{\"token 200\":" + accepted + ",\"purchase 202\":" + accepted + ",\"token 503\":" + busy + "},"
                + "\"times\":{\"200\":{\"" + acceptedMs + "\":" + accepted + "},\"202\":{\"" + acceptedMs + "\":" + accepted + "},"
                + "\"503\":{\"" + busyMs + "\":" + busy + "}" + extra + "}}");
    }

    private static CrowdRun browse(long answers, int ms) throws IOException {
        return CrowdRuns.parse("{\"seconds\":20,\"timeouts\":0,\"errors\":0,\"statuses\":{\"browse 200\":" + answers + "},"
                + "\"times\":{\"200\":{\"" + ms + "\":" + answers + "}}}");
    }

    private static List<OverloadReport.Row> rows(CrowdRun atTenTimes, CrowdRun floorAtTenTimes) throws IOException {
        List<OverloadReport.Row> rows = new ArrayList<>();
        rows.add(new OverloadReport.Row("new shoppers", "purchase", 50, purchases(10_000, 0, 40, 1, 0, "")));
        rows.add(new OverloadReport.Row("new shoppers", "purchase", 500, purchases(12_000, 5_000, 200, 500, 0, "")));
        rows.add(new OverloadReport.Row("new shoppers", "purchase", 5_000, atTenTimes));
        rows.add(new OverloadReport.Row("500-unit flash sale", "purchase", 5_000, purchases(500, 90_000, 300, 600, 0, "")));
        rows.add(new OverloadReport.Row("routing floor", "browse", 50, browse(40_000, 20)));
        rows.add(new OverloadReport.Row("routing floor", "browse", 5_000, floorAtTenTimes));
        return rows;
    }

    @Test
    void figuresAreReadOffTheCrowdsHistograms() throws IOException {
        CrowdRun run = purchases(100, 900, 200, 700, 3, ",\"500\":{\"9000\":2}");

        assertThat(run.answers()).isEqualTo(100 + 100 + 900 + 2);
        assertThat(run.busy()).isEqualTo(900);
        assertThat(run.serverErrors()).as("a 500, not the 503s").isEqualTo(2);
        assertThat(run.percentileMs(0.5)).isEqualTo(700);
        assertThat(run.percentileMs(0.99)).isEqualTo(700);
        assertThat(run.percentileMs(1.0)).isEqualTo(9000);
        assertThat(run.perSecond(run.count("purchase", 202))).isEqualTo(5.0);
    }

    @Test
    void aCrowdThatKeepsItsGoodputAndAnswersInASecondMeetsEveryTarget() throws IOException {
        OverloadReport report = new OverloadReport(rows(purchases(11_500, 150_000, 400, 600, 0, ""), browse(38_000, 900)), 500,
                new Properties());

        assertThat(report.verdicts()).allMatch(v -> v.startsWith("met: "));
        assertThat(report.table()).contains("| new shoppers | 5,000 | 575 | 600 ms | 600 ms | 0 | 0 | 87% |");
    }

    @Test
    void lostGoodputSlowAnswersTimeoutsAndAMissedSaleAreEachNotMet() throws IOException {
        OverloadReport report = new OverloadReport(rows(purchases(6_000, 100_000, 1_500, 1_200, 7, ",\"500\":{\"10\":1}"),
                browse(20_000, 900)), 499, new Properties());

        assertThat(report.verdicts()).hasSize(5).allMatch(v -> v.startsWith("**not met**: "));
        assertThat(report.verdicts().get(0)).contains("0.50 of the figure at 500");
    }
}
