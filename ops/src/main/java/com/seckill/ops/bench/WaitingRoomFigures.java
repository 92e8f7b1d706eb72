package com.seckill.ops.bench;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;

/** The figures the waiting-room bench reads off what its shoppers saw: rank correlations and latency quantiles. */
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
}
