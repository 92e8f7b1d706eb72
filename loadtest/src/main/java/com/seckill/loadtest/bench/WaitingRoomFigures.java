package com.seckill.loadtest.bench;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.stream.IntStream;

/** The figures the waiting-room bench reads off what its shoppers saw (rank correlations, latency quantiles) and its report. */
final class WaitingRoomFigures {

    private WaitingRoomFigures() {
    }

    /** Spearman's rho of the pairs (x, y) (ties ranked by their average), 0 for fewer than 3 pairs. */
    static double spearman(List<long[]> pairs) {
        int n = pairs.size();
        if (n < 3) {
            return 0;
        }
        double[] rx = ranks(pairs.stream().mapToLong(p -> p[0]).toArray());
        double[] ry = ranks(pairs.stream().mapToLong(p -> p[1]).toArray());
        double mx = mean(rx);
        double my = mean(ry);
        double cov = 0;
        double vx = 0;
        double vy = 0;
        for (int i = 0; i < n; i++) {
            cov += (rx[i] - mx) * (ry[i] - my);
            vx += (rx[i] - mx) * (rx[i] - mx);
            vy += (ry[i] - my) * (ry[i] - my);
        }
        return vx == 0 || vy == 0 ? 0 : cov / Math.sqrt(vx * vy);
    }

    private static double[] ranks(long[] values) {
        Integer[] order = IntStream.range(0, values.length).boxed().toArray(Integer[]::new);
        java.util.Arrays.sort(order, Comparator.comparingLong(i -> values[i]));
        double[] ranks = new double[values.length];
        for (int i = 0; i < order.length; ) {
            int j = i;
            while (j + 1 < order.length && values[order[j + 1]] == values[order[i]]) {
                j++;
            }
            double rank = (i + j) / 2.0 + 1;
            for (int k = i; k <= j; k++) {
                ranks[order[k]] = rank;
            }
            i = j + 1;
        }
        return ranks;
    }

    private static double mean(double[] values) {
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        return sum / values.length;
    }

    /** The q quantile (0..1) of the latencies, in ms; 0 without any. */
    static long percentileMs(List<Long> nanos, double q) {
        if (nanos.isEmpty()) {
            return 0;
        }
        List<Long> sorted = new ArrayList<>(nanos);
        sorted.sort(null);
        int index = (int) Math.min(sorted.size() - 1, Math.ceil(q * sorted.size()) - 1);
        return sorted.get(Math.max(0, index)) / 1_000_000;
    }

    /** The bench's sale: shoppers joining before and after the start, units, admissions a second, warm-up shoppers. */
    record Sale(int early, int late, int stock, int rate, int warmUp) {
    }

    /** The figures of one run against their targets (DESIGN.md §11), as the Markdown docs/PERFORMANCE.md carries. */
    static String report(WaitingRoomCrowd crowd, Sale sale, long sold, Map<Long, Long> drawn, List<String> refused, double tokenCallsReached,
                         Properties machine) {
        List<long[]> earlyPairs = DrawnPlaces.joinOrderAgainstPlace(crowd.earlyJoinedAt, drawn);
        List<long[]> latePlaces = crowd.latePlaces;
        List<Long> latencies = crowd.latencies;
        double early = spearman(earlyPairs);
        long confirmed = DrawnPlaces.confirmed(crowd.earlyPlaces, drawn);
        double late = spearman(latePlaces);
        long p99 = percentileMs(latencies, 0.99);
        long lastSold = crowd.lastSale.get();
        long soldOutLag = crowd.toldSoldOutAt.stream().mapToLong(at -> Math.max(0, at - lastSold)).max().orElse(0);
        boolean allRefused = refused.stream().allMatch(body -> body.contains("\"code\":\"NOT_ADMITTED\""));
        StringBuilder t = new StringBuilder();
        t.append(String.format(Locale.ROOT, "Run %s on %s (%s cores), commit %s: `./seckill bench waiting-room`: %,d shoppers join a %,d-unit "
                        + "sale before its start (over 14 s) and %,d after it (500 a second), admitted at %d a second; each does what the shop page does "
                        + "(polls when told, comes back after Retry-After when BUSY, buys once admitted). Services freshly started, warmed by an "
                        + "unmeasured sale of %,d shoppers first.%n%n",
                machine.getProperty("date", "?"), machine.getProperty("cpu", "?"), machine.getProperty("cores", "?"),
                machine.getProperty("commit", "?"), sale.early(), sale.stock(), sale.late(), sale.rate(), sale.warmUp()));
        t.append("| figure | value | target |\n|---|---:|---|\n");
        t.append(row("orders", String.format(Locale.ROOT, "%,d", sold), "exactly " + sale.stock(), sold == sale.stock()));
        t.append(row(String.format(Locale.ROOT, "Spearman, join order vs place, joined before the start (%,d of the %,d the draw lists; "
                        + "the order their joins were answered in vs the places the admins' draw audit shows)", earlyPairs.size(), drawn.size()),
                String.format(Locale.ROOT, "%.3f", early), "|rho| < 0.1", Math.abs(early) < 0.1));
        t.append(row("places told to early shoppers that the draw audit shows them at", String.format(Locale.ROOT, "%,d of %,d", confirmed,
                crowd.earlyPlaces.size()), "all", confirmed == crowd.earlyPlaces.size()));
        t.append(row("Spearman, joined after the start (" + latePlaces.size() + ")", String.format(Locale.ROOT, "%.3f", late), "> 0.95", late > 0.95));
        t.append(row("paths asked without, with a forged or another's admission", allRefused ? "403 NOT_ADMITTED" : "not all refused",
                "403 NOT_ADMITTED", allRefused));
        t.append(row("of those, reaching seckill-service", String.format(Locale.ROOT, "%.0f", tokenCallsReached), "0", tokenCallsReached == 0));
        t.append(row("answers, p99", String.format(Locale.ROOT, "%,d ms (p50 %,d ms, %,d answers)", p99,
                percentileMs(latencies, 0.5), latencies.size()), "<= 1,000 ms", p99 <= 1000));
        t.append(row("timeouts (10 s), 5xx other than 503", crowd.timeouts.get() + ", " + crowd.serverErrors.get(), "0, 0",
                crowd.timeouts.get() == 0 && crowd.serverErrors.get() == 0));
        long busy = crowd.answers.entrySet().stream().filter(e -> e.getKey().endsWith(" 503")).mapToLong(e -> e.getValue().get()).sum();
        t.append(String.format(Locale.ROOT, "| answers 503 BUSY (the shopper came back after Retry-After) | %,d (%.1f%%) | as few as the crowd allows |%n",
                busy, latencies.isEmpty() ? 0 : 100.0 * busy / latencies.size()));
        t.append(row("last shopper told SOLD_OUT, after the last unit", String.format(Locale.ROOT, "%.1f s (%,d told)", soldOutLag / 1000.0,
                crowd.toldSoldOutAt.size()), "<= 12 s", soldOutLag <= 12_000));
        t.append("\nAnswers: ").append(new TreeMap<>(crowd.answers)).append("\n");
        return t.toString();
    }

    private static String row(String figure, String value, String target, boolean met) {
        return "| " + figure + " | " + value + " | " + target + (met ? " (met)" : " (**not met**)") + " |\n";
    }
}
