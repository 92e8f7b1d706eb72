package com.seckill.loadtest.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How a stepping run is read: steps, the knee, the saturated tier, the capacity figures and sentence. */
class CapacityAnalysisTest {

    private static final long T0 = 1_700_000_000_000L;

    /** One JMeter row per purchase (and one path request before it) at {@code perSecond} for {@code seconds}. */
    private static void load(List<Jtl.Row> rows, long from, int seconds, int perSecond, int threads, long purchaseMs) {
        for (int s = 0; s < seconds; s++) {
            for (int i = 0; i < perSecond; i++) {
                long at = from + s * 1000L + i * (1000L / perSecond);
                rows.add(new Jtl.Row(at, 5, "purchase path", "200", true, threads));
                rows.add(new Jtl.Row(at, purchaseMs + i % 10, "purchase", "202", true, threads));
            }
        }
    }

    private static Sample sample(long at, double accepted, double orders, long depth, double seckillCpu, double orderCpu) {
        return new Sample(at, accepted, accepted, orders, orders, orders / 4, accepted * 8, depth,
                Map.of("seckill-service", seckillCpu, "order-service", orderCpu), seckillCpu + orderCpu);
    }

    /** Three 10 s steps of 40, 80, 120 shoppers: 100, 200, then 210 purchases/s; orders fall behind at the third. */
    private static List<Step> threeSteps() {
        List<Jtl.Row> rows = new ArrayList<>();
        load(rows, T0, 10, 100, 40, 20);
        load(rows, T0 + 10_000, 10, 200, 80, 20);
        load(rows, T0 + 20_000, 10, 210, 120, 80);
        rows.add(new Jtl.Row(T0 + 20_003, 5, "purchase path", "200", true, 100)); // a thread still starting: the peak's
        rows.add(new Jtl.Row(T0 + 30_500, 5, "purchase", "202", true, 60)); // after the plan's end: shoppers leaving
        rows.add(new Jtl.Row(T0 + 31_000, 5, "purchase", "202", true, 20)); // would stretch the first step
        rows.add(new Jtl.Row(T0 - 5_000, 40, "admin: create activity", "201", true, 1)); // the set-up: not a step
        List<Sample> samples = new ArrayList<>();
        double accepted = 0;
        double orders = 0;
        double cpu = 0;
        for (int s = 0; s <= 30; s += 2) {
            samples.add(sample(T0 + s * 1000L + 500, accepted, orders, s > 20 ? (long) (accepted - orders) : 0, cpu, cpu / 2));
            double rate = s < 10 ? 100 : s < 20 ? 200 : 210;
            accepted += rate * 2;
            orders += s < 20 ? rate * 2 : 120 * 2;
            cpu += s < 20 ? 1.0 : 1.9;
        }
        return Steps.measure(rows, samples, 40, Duration.ofSeconds(30));
    }

    @Test
    void aRunIsCutIntoItsStepsWithTheSystemsFiguresBesideEach() {
        List<Step> steps = threeSteps();

        assertThat(steps).extracting(Step::shoppers).containsExactly(40, 80, 120);
        assertThat(steps.get(0).purchasesPerSecond()).isBetween(95.0, 115.0);
        assertThat(steps.get(0).seconds()).isLessThan(11.0);
        assertThat(steps.get(1).acceptedPerSecond()).isBetween(180.0, 220.0);
        assertThat(steps.get(1).redisCommandsPerSecond()).isBetween(1440.0, 1760.0);
        assertThat(steps.get(2).ordersPerSecond()).isBetween(110.0, 130.0);
        assertThat(steps.get(2).queueDepth()).isPositive();
        assertThat(steps.get(2).latency().get("purchase")[1]).isEqualTo(89.0);
        assertThat(steps.get(2).cpuPercent().get("seckill-service")).isBetween(90.0, 100.0);
        assertThat(steps).allSatisfy(s -> assertThat(s.errorRate()).isZero());
    }

    @Test
    void theKneeIsWhereMoreShoppersStoppedBuyingMoreAndNamesTheTierThatGaveOut() {
        List<Step> steps = threeSteps();

        assertThat(Steps.knee(steps)).isEqualTo(2);
        assertThat(Steps.saturated(steps.get(2), 2)).startsWith("order writes").contains("messages waiting");
        assertThat(Steps.knee(steps.subList(0, 2))).isEqualTo(-1);
        assertThat(Steps.saturated(steps.get(1), 2)).startsWith("seckill-service");
    }

    @Test
    void realErrorsMakeAKneeEvenWhileThroughputGrows() {
        List<Jtl.Row> rows = new ArrayList<>();
        load(rows, T0, 10, 100, 40, 20);
        load(rows, T0 + 10_000, 10, 200, 80, 20);
        for (int i = 0; i < 50; i++) {
            rows.add(new Jtl.Row(T0 + 15_000 + i, 10_000, "purchase", "Non HTTP response code: java.net.SocketTimeoutException",
                    false, 80));
        }
        List<Step> steps = Steps.measure(rows, List.of(), 40, Duration.ofSeconds(20));

        assertThat(steps.get(1).errorRate()).isGreaterThan(0.01);
        assertThat(Steps.knee(steps)).isEqualTo(1);
    }

    @Test
    void theCapacitySentenceTakesTheSlowerTierAndThePayTimeout() {
        CapacityReport report = new CapacityReport(threeSteps(), 150.0, 2, 10_000, 500, Duration.ofMinutes(15));

        assertThat(report.preDeductionRate()).isBetween(190.0, 220.0);
        assertThat(report.orderWriteRate()).isBetween(150.0, 220.0);
        assertThat(report.orderWritesKeptUp()).isFalse();
        String sentence = report.sentence();
        assertThat(sentence).contains("A sale of 10000 shoppers").contains("its 500 units need at most")
                .contains("15-minute pay timeout").doesNotContain("NaN");
        long clears = (long) Math.floor(report.orderWriteRate() * 900);
        assertThat(sentence).contains("is " + clears + " units");
        assertThat(report.markdown()).contains("**knee** 120").contains("First to saturate: order writes")
                .contains("Warning: order-service closed up to");
        assertThat(report.csv().lines()).hasSize(4).first().asString().startsWith("shoppers,seconds,purchases_per_s");
    }

    @Test
    void orderWritesThatKeptUpAreAFloorNotALimit() {
        CapacityReport report = new CapacityReport(threeSteps().subList(0, 2), Double.NaN, 2, 1000, 100, Duration.ofMinutes(15));

        assertThat(report.orderWritesKeptUp()).isTrue();
        assertThat(report.sentence()).contains("MySQL at least");
        assertThat(report.saturation()).startsWith("No knee up to 80 shoppers");
    }

    @Test
    void aJMeterResultAloneSaysNothingOfTheOrderWrites() {
        List<Jtl.Row> rows = new ArrayList<>();
        load(rows, T0, 10, 100, 40, 20);
        CapacityReport report = new CapacityReport(Steps.measure(rows, List.of(), 40, Duration.ofSeconds(10)), Double.NaN, 2,
                1000, 100, Duration.ofMinutes(15));

        assertThat(report.sentence()).startsWith("The front carried 10").contains("says nothing of the order writes")
                .doesNotContain("NaN");
    }

    @Test
    void jmeterResultsAreReadWithQuotedFields(@TempDir Path dir) throws IOException {
        Path jtl = dir.resolve("capacity.csv");
        Files.writeString(jtl, """
                timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,success,failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect
                1700000000000,12,purchase,202,Accepted,shoppers 1-1,text,true,,120,300,40,40,http://127.0.0.1:8080/x,12,0,1
                1700000000100,10001,purchase,"Non HTTP response code: java.net.SocketTimeoutException","Read timed out, after 10 s",shoppers 1-2,text,false,"Test failed: code expected to match /202|403/",0,0,40,41,http://127.0.0.1:8080/x,0,0,0
                """);

        List<Jtl.Row> rows = Jtl.read(jtl);

        assertThat(rows).hasSize(2);
        assertThat(rows.get(0)).isEqualTo(new Jtl.Row(1_700_000_000_000L, 12, "purchase", "202", true, 40));
        assertThat(rows.get(1).success()).isFalse();
        assertThat(rows.get(1).threads()).isEqualTo(41);
        assertThat(rows.get(1).code()).startsWith("Non HTTP response code");
    }

    @Test
    void prometheusSeriesAreAddedUpByLabel() {
        String text = """
                # HELP seckill_purchase_attempts_total Purchase attempts by outcome
                # TYPE seckill_purchase_attempts_total counter
                seckill_purchase_attempts_total{activity="7",application="seckill-service",outcome="accepted"} 120.0
                seckill_purchase_attempts_total{activity="8",application="seckill-service",outcome="accepted"} 30.0
                seckill_purchase_attempts_total{activity="7",application="seckill-service",outcome="sold_out"} 5.0
                seckill_purchase_attempts_total_other 99.0
                """;

        assertThat(Prometheus.sum(text, "seckill_purchase_attempts_total", "outcome=\"accepted\"")).isEqualTo(150.0);
        assertThat(Prometheus.sum(text, "seckill_purchase_attempts_total", "")).isEqualTo(155.0);
        assertThat(Prometheus.sum(text, "seckill_order_events_total", "")).isZero();
        assertThat(Prometheus.sum("", "seckill_order_events_total", "")).isNaN();
    }

    @Test
    void theSweepPassesItsSettingsAsTheEnvironmentSpringReads() {
        assertThat(Sweep.SETTINGS).hasSizeBetween(2, 3);
        assertThat(Sweep.environment(new int[] {50, 10, 30})).containsEntry("SECKILL_ORDER_PREFETCH", "50")
                .containsEntry("SECKILL_ORDER_CONCURRENCY", "10").containsEntry("SPRING_DATASOURCE_HIKARI_MAXIMUMPOOLSIZE", "30");
    }
}
