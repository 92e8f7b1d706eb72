package com.seckill.loadtest.capacity;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a run of waiting-room.jmx says (docs/capacity.md): per request type its answers and times, the
 * admissions a second the shoppers met against the rate set, what was bought, how many queue calls a
 * second the waiting crowd made, and the sizing of {@code admissionPerSecond} from a stepping run's
 * capacity when there is one ({@code carried}: the purchases a second it carried, NaN when none).
 */
record WaitingRoomReport(List<Jtl.Row> rows, int shoppers, int stock, int rate, double carried) {

    static final List<String> LABELS = List.of("join", "join again", "queue", "purchase path", "purchase", "result");
    /** Admit at most this share of what the system carries (Cloudflare's waiting room: about 75%). */
    static final double HEADROOM = 0.75;

    private List<Jtl.Row> of(String label) {
        return rows.stream().filter(r -> r.label().equals(label)).sorted(Comparator.comparingLong(Jtl.Row::at)).toList();
    }

    /** Admissions used a second: paths given to admitted shoppers, from the first to the last. */
    double admittedPerSecond() {
        List<Jtl.Row> paths = of("purchase path").stream().filter(r -> r.code().equals("200")).toList();
        if (paths.size() < 2) {
            return Double.NaN;
        }
        double seconds = (paths.get(paths.size() - 1).at() - paths.get(0).at()) / 1000.0;
        return seconds <= 0 ? Double.NaN : (paths.size() - 1) / seconds;
    }

    long bought() {
        return of("purchase").stream().filter(r -> r.code().equals("202")).count();
    }

    /** The most queue calls (joins and polls) in one second. */
    long peakQueueCallsPerSecond() {
        Map<Long, Long> perSecond = new TreeMap<>();
        rows.stream().filter(r -> r.label().equals("join") || r.label().equals("join again") || r.label().equals("queue"))
                .forEach(r -> perSecond.merge(r.at() / 1000, 1L, Long::sum));
        return perSecond.values().stream().mapToLong(Long::longValue).max().orElse(0);
    }

    /** Share of a request type's answers that were 503 BUSY. */
    double busy(String label) {
        List<Jtl.Row> all = of(label);
        return all.isEmpty() ? 0 : all.stream().filter(r -> r.code().equals("503")).count() / (double) all.size();
    }

    /** Share of all answers that were real errors: no answer, a 5xx other than 503, or one the plan did not expect. */
    double errorRate() {
        List<Jtl.Row> all = rows.stream().filter(r -> LABELS.contains(r.label())).toList();
        return all.isEmpty() ? 0 : all.stream().filter(r -> !r.success() || isServerError(r.code())).count() / (double) all.size();
    }

    private static boolean isServerError(String code) {
        return !code.equals("503") && (code.startsWith("5") || !Character.isDigit(code.isEmpty() ? 'x' : code.charAt(0)));
    }

    /** The largest admission rate this deployment should be set to, or -1 without a stepping run. */
    long advisedRate() {
        return Double.isNaN(carried) ? -1 : (long) Math.floor(carried * HEADROOM);
    }

    String markdown() {
        StringBuilder md = new StringBuilder();
        md.append(String.format(Locale.ROOT, "%,d shoppers for %,d units, admitted at %d a second.%n%n", shoppers, stock, rate));
        md.append("| request | answers | p50 ms | p99 ms | max ms | 2xx | 4xx | 503 | errors |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (String label : LABELS) {
            List<Jtl.Row> all = of(label);
            if (all.isEmpty()) {
                continue;
            }
            List<Long> times = new ArrayList<>(all.stream().map(Jtl.Row::elapsed).sorted().toList());
            md.append(String.format(Locale.ROOT, "| %s | %,d | %d | %d | %d | %,d | %,d | %,d | %,d |%n", label, all.size(),
                    percentile(times, 0.5), percentile(times, 0.99), times.get(times.size() - 1),
                    all.stream().filter(r -> r.code().startsWith("2")).count(),
                    all.stream().filter(r -> r.code().startsWith("4")).count(),
                    all.stream().filter(r -> r.code().equals("503")).count(),
                    all.stream().filter(r -> !r.success() || isServerError(r.code())).count()));
        }
        md.append(String.format(Locale.ROOT, "%nAdmitted %s a second (set: %d); bought %,d of %,d units; the waiting crowd made at most "
                + "%,d queue calls in one second; errors %.2f%%.%n%n", n(admittedPerSecond()), rate, bought(), stock,
                peakQueueCallsPerSecond(), errorRate() * 100));
        md.append(sizing()).append('\n');
        return md.toString();
    }

    String sizing() {
        String run = String.format(Locale.ROOT, "At %d admissions a second the purchase path was BUSY for %.1f%% of its answers and the "
                + "purchase for %.1f%%.", rate, busy("purchase path") * 100, busy("purchase") * 100);
        if (Double.isNaN(carried)) {
            return run + " Run the stepping plan (./seckill capacity) first: admissionPerSecond is sized from the purchases a "
                    + "second it finds this deployment carries.";
        }
        long advised = advisedRate();
        return run + String.format(Locale.ROOT, " The stepping run carried %.0f purchases a second: set admissionPerSecond to at most "
                + "%.0f%% of it, %d a second (%s).", carried, HEADROOM * 100, advised,
                rate <= advised ? "this run's rate is within it" : "this run's rate is over it: expect BUSY answers at the peak");
    }

    private static long percentile(List<Long> sorted, double q) {
        return sorted.get((int) Math.min(sorted.size() - 1, Math.ceil(q * sorted.size()) - 1));
    }

    private static String n(double value) {
        return Double.isNaN(value) ? "-" : String.format(Locale.ROOT, "%.0f", value);
    }
}
