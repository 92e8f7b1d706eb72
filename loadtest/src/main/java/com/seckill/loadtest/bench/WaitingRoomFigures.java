package com.seckill.loadtest.bench;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Predicate;
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

    /** A measured sale: shoppers joining before and after the start, units, admissions a second. */
    record Sale(int early, int late, int stock, int rate) {
    }

    /** What one sale's crowd saw, the orders it made, the draw the admins audit and the paths refused without admission. */
    record Measured(Sale sale, WaitingRoomCrowd crowd, long sold, Map<Long, Long> drawn, List<String> refused, double tokenCallsReached,
                    Map<String, Double> cores) {
    }

    /** The figures of the runs against their targets (contract §11, issue 45), as the Markdown docs/PERFORMANCE.md carries. */
    static String report(List<Measured> runs, int warmUp, Properties machine) {
        StringBuilder t = new StringBuilder();
        t.append(String.format(Locale.ROOT, "Run %s on %s (%s cores), commit %s: `./seckill bench waiting-room`. Services freshly started and "
                        + "warmed by an unmeasured waiting-room sale of %,d shoppers; then each sale below, admitted at its rate. Early shoppers "
                        + "join over 14 s before the start and all ask again within its first second (the herd); late ones join after it; "
                        + "each then does what the shop page does (polls when told, comes back after Retry-After when BUSY, buys once "
                        + "admitted). The join order is when each shopper first asked.%n%n",
                machine.getProperty("date", "?"), machine.getProperty("cpu", "?"), machine.getProperty("cores", "?"),
                machine.getProperty("commit", "?"), warmUp));
        t.append("| figure | target |");
        runs.forEach(run -> t.append(String.format(Locale.ROOT, " %,d + %,d shoppers, %,d units, %d/s |", run.sale().early(), run.sale().late(),
                run.sale().stock(), run.sale().rate())));
        t.append("\n|---|---|").append("---:|".repeat(runs.size())).append('\n');
        line(t, runs, "orders", "exactly the units", r -> String.format(Locale.ROOT, "%,d", r.sold()), r -> r.sold() == r.sale().stock());
        line(t, runs, "answers 503 BUSY (came back after Retry-After)", "<= 1 %", r -> String.format(Locale.ROOT, "%,d of %,d (%.1f %%)",
                busy(r.crowd()), r.crowd().latencies.size(), 100.0 * busyShare(r.crowd())), r -> busyShare(r.crowd()) <= 0.01);
        line(t, runs, "answer time p99 (p50)", "<= 500 ms", r -> String.format(Locale.ROOT, "%,d ms (%,d ms)", percentileMs(r.crowd().latencies, 0.99),
                percentileMs(r.crowd().latencies, 0.5)), r -> percentileMs(r.crowd().latencies, 0.99) <= 500);
        line(t, runs, "answer time p99 by request: GET queue, POST queue, POST token, POST purchase", "", r -> byRequest(r.crowd()), r -> true);
        line(t, runs, "timeouts (10 s), 5xx other than 503", "0, 0", r -> r.crowd().timeouts.get() + ", " + r.crowd().serverErrors.get(),
                r -> r.crowd().timeouts.get() == 0 && r.crowd().serverErrors.get() == 0);
        line(t, runs, "Spearman, first ask vs place, joined after the start", ">= 0.95", r -> String.format(Locale.ROOT, "%.3f (%,d)",
                spearman(r.crowd().latePlaces), r.crowd().latePlaces.size()), r -> spearman(r.crowd().latePlaces) >= 0.95);
        line(t, runs, "Spearman, first ask vs place drawn, joined before the start (all the draw lists)", "|rho| <= 0.05",
                r -> String.format(Locale.ROOT, "%.3f (%,d)", spearman(earlyPairs(r)), earlyPairs(r).size()),
                r -> Math.abs(spearman(earlyPairs(r))) <= 0.05);
        line(t, runs, "places told to early shoppers that the draw audit confirms", "all", r -> String.format(Locale.ROOT, "%,d of %,d",
                DrawnPlaces.confirmed(r.crowd().earlyPlaces, r.drawn()), r.crowd().earlyPlaces.size()),
                r -> DrawnPlaces.confirmed(r.crowd().earlyPlaces, r.drawn()) == r.crowd().earlyPlaces.size());
        line(t, runs, "told SOLD_OUT after the last unit, p99 (last)", "<= 5 s", r -> String.format(Locale.ROOT, "%.1f s (%.1f s, %,d told)",
                soldOutLag(r, 0.99) / 1000.0, soldOutLag(r, 1.0) / 1000.0, r.crowd().toldSoldOutAt.size()), r -> soldOutLag(r, 0.99) <= 5_000);
        line(t, runs, "paths asked without, with a forged or another's admission: 403 NOT_ADMITTED, none reaching seckill-service", "all, 0",
                r -> (allRefused(r) ? "all" : "not all") + String.format(Locale.ROOT, ", %.0f", r.tokenCallsReached()),
                r -> allRefused(r) && r.tokenCallsReached() == 0);
        t.append("| cores taken from the first join to the last shopper's end: the crowd (on the same 2 cores); gateway, seckill, order, "
                + "payment | |");
        runs.forEach(run -> t.append(' ').append(cores(run.cores())).append(" |"));
        t.append('\n');
        t.append('\n');
        runs.forEach(r -> t.append(String.format(Locale.ROOT, "Answers, %,d + %,d: %s%n%n", r.sale().early(), r.sale().late(),
                new TreeMap<>(r.crowd().answers))));
        return t.toString().stripTrailing() + "\n";
    }

    private static void line(StringBuilder t, List<Measured> runs, String figure, String target, Function<Measured, String> value,
                             Predicate<Measured> met) {
        t.append("| ").append(figure).append(" | ").append(target).append(" |");
        runs.forEach(run -> t.append(' ').append(value.apply(run)).append(target.isEmpty() ? "" : met.test(run) ? " (met)" : " (**not met**)").append(" |"));
        t.append('\n');
    }

    /** The crowd's share of a core; the services' (gateway first), e.g. {@code 0.62; 0.41, 0.22, 0.08, 0.01}. */
    static String cores(Map<String, Double> cores) {
        StringBuilder text = new StringBuilder(String.format(Locale.ROOT, "%.2f;", cores.getOrDefault(CpuShares.CROWD, 0.0)));
        String separator = " ";
        for (String service : List.of("gateway-service", "seckill-service", "order-service", "payment-service")) {
            text.append(separator).append(String.format(Locale.ROOT, "%.2f", cores.getOrDefault(service, 0.0)));
            separator = ", ";
        }
        return text.toString();
    }

    private static String byRequest(WaitingRoomCrowd crowd) {
        StringBuilder text = new StringBuilder();
        for (String request : List.of("GET queue", "POST queue", "POST token", "POST purchase")) {
            text.append(text.length() == 0 ? "" : ", ").append(String.format(Locale.ROOT, "%,d ms",
                    percentileMs(crowd.latenciesByRequest.getOrDefault(request, List.of()), 0.99)));
        }
        return text.toString();
    }

    private static List<long[]> earlyPairs(Measured run) {
        return DrawnPlaces.joinOrderAgainstPlace(run.crowd().earlyJoinedAt, run.drawn());
    }

    private static long busy(WaitingRoomCrowd crowd) {
        return crowd.answers.entrySet().stream().filter(e -> e.getKey().endsWith(" 503")).mapToLong(e -> e.getValue().get()).sum();
    }

    private static double busyShare(WaitingRoomCrowd crowd) {
        return crowd.latencies.isEmpty() ? 0 : (double) busy(crowd) / crowd.latencies.size();
    }

    private static boolean allRefused(Measured run) {
        return run.refused().stream().allMatch(body -> body.contains("\"code\":\"NOT_ADMITTED\""));
    }

    /** The q quantile (0..1) of how long after the last unit sold each shopper told SOLD_OUT heard it, in ms (0 if before). */
    static long soldOutLag(Measured run, double q) {
        long lastSold = run.crowd().lastSale.get();
        List<Long> lags = new ArrayList<>();
        run.crowd().toldSoldOutAt.forEach(at -> lags.add(Math.max(0, at - lastSold) * 1_000_000));
        return percentileMs(lags, q);
    }
}
