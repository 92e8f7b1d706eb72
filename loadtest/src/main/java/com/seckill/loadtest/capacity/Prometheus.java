package com.seckill.loadtest.capacity;

/** Figures out of the Prometheus text format. */
final class Prometheus {

    private Prometheus() {
    }

    /**
     * The sum of every series of {@code metric} whose labels contain {@code label} (say
     * {@code outcome="accepted"}; empty for all): 0 when the service has not counted any yet, NaN when
     * there is no text (the service did not answer).
     */
    static double sum(String text, String metric, String label) {
        if (text.isEmpty()) {
            return Double.NaN;
        }
        double total = 0;
        for (String line : text.split("\n")) {
            if (!line.startsWith(metric) || line.startsWith("#")) {
                continue;
            }
            String rest = line.substring(metric.length());
            if (!(rest.startsWith("{") || rest.startsWith(" ")) || !rest.contains(label)) {
                continue;
            }
            int space = rest.lastIndexOf(' ');
            try {
                total += Double.parseDouble(rest.substring(space + 1));
            } catch (NumberFormatException e) {
                // not a sample line
            }
        }
        return total;
    }
}
