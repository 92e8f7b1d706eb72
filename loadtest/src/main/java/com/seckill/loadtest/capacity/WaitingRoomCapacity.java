package com.seckill.loadtest.capacity;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * {@code ./seckill capacity waiting-room}: waiting-room.jmx against the running system (a new activity with
 * a waiting room; every shopper joins, waits as told and buys once admitted), read as a
 * {@link WaitingRoomReport} and sized from the last stepping run's capacity ({@code target/capacity/capacity.csv})
 * when there is one. Settings from the environment: CAPACITY_QUEUE_SHOPPERS, _STOCK, _RATE, _START_IN, _RAMPUP.
 */
final class WaitingRoomCapacity {

    static final String PLAN = "waiting-room.jmx";

    private final Capacity capacity;
    private final Path output;

    WaitingRoomCapacity(Capacity capacity) {
        this.capacity = capacity;
        this.output = capacity.root().resolve("target/capacity");
    }

    int run() throws Exception {
        int shoppers = capacity.number("CAPACITY_QUEUE_SHOPPERS", 1_000);
        int stock = capacity.number("CAPACITY_QUEUE_STOCK", 200);
        int rate = capacity.number("CAPACITY_QUEUE_RATE", 50);
        Map<String, String> properties = Map.of("users", Integer.toString(shoppers), "stock", Integer.toString(stock),
                "rate", Integer.toString(rate), "startIn", Integer.toString(capacity.number("CAPACITY_QUEUE_START_IN", 15)),
                "rampup", Integer.toString(capacity.number("CAPACITY_QUEUE_RAMPUP", 5)));
        capacity.out().printf("Waiting room: %d shoppers for %d units, admitted at %d a second (JMeter output: %s)%n", shoppers, stock,
                rate, output.resolve("waiting-room-jmeter.log"));
        Path results = JMeterPlan.run(capacity.root(), PLAN, properties, output.resolve("waiting-room-jmeter.log"));
        WaitingRoomReport report = new WaitingRoomReport(Jtl.read(results), shoppers, stock, rate, carried(output.resolve("capacity.csv")));
        String md = "# Capacity: waiting room\n\n" + report.markdown();
        Files.createDirectories(output);
        Files.writeString(output.resolve("waiting-room.md"), md);
        capacity.out().println(md);
        capacity.out().println("Written: " + output.resolve("waiting-room.md"));
        return 0;
    }

    /**
     * What a stepping run's table says the deployment carries: the lower of its best accepted purchases a
     * second and its best order writes a second; NaN without one.
     */
    static double carried(Path csv) throws IOException {
        if (!Files.isRegularFile(csv)) {
            return Double.NaN;
        }
        List<String> lines = Files.readAllLines(csv);
        if (lines.size() < 2) {
            return Double.NaN;
        }
        List<String> header = List.of(lines.get(0).split(",", -1));
        double accepted = best(lines, header.indexOf("accepted_per_s"));
        double purchases = best(lines, header.indexOf("purchases_per_s"));
        double writes = best(lines, header.indexOf("orders_written_per_s"));
        double front = Double.isNaN(accepted) ? purchases : accepted;
        return Double.isNaN(writes) ? front : Math.min(front, writes);
    }

    private static double best(List<String> lines, int column) {
        if (column < 0) {
            return Double.NaN;
        }
        double best = Double.NaN;
        for (String line : lines.subList(1, lines.size())) {
            String[] row = line.split(",", -1);
            if (column < row.length && !row[column].isEmpty()) {
                double value = Double.parseDouble(row[column]);
                best = Double.isNaN(best) ? value : Math.max(best, value);
            }
        }
        return best;
    }
}
