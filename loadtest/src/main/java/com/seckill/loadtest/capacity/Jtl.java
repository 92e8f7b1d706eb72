package com.seckill.loadtest.capacity;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A JMeter result file (CSV, with its header line): one {@link Row} per sample. */
final class Jtl {

    /**
     * One sample: when it ended (epoch ms), how long it took, its label (the sampler's name), the
     * answer's status ("Non HTTP response code: ..." for a timeout or a refused connection), whether
     * the plan's assertions held, and how many shoppers were active at the time.
     */
    record Row(long at, long elapsed, String label, String code, boolean success, int threads) {
    }

    private Jtl() {
    }

    static List<Row> read(Path file) throws IOException {
        List<Row> rows = new ArrayList<>();
        try (BufferedReader in = Files.newBufferedReader(file)) {
            String header = in.readLine();
            if (header == null) {
                return rows;
            }
            List<String> names = fields(header);
            Map<String, Integer> at = Map.of("timeStamp", names.indexOf("timeStamp"), "elapsed", names.indexOf("elapsed"),
                    "label", names.indexOf("label"), "responseCode", names.indexOf("responseCode"),
                    "success", names.indexOf("success"), "allThreads", names.indexOf("allThreads"));
            if (at.containsValue(-1)) {
                throw new IOException(file + " is not a JMeter CSV result with the default columns (" + at + ")");
            }
            String line;
            while ((line = in.readLine()) != null) {
                List<String> f = fields(line);
                if (f.size() < names.size()) {
                    continue;
                }
                rows.add(new Row(Long.parseLong(f.get(at.get("timeStamp"))), Long.parseLong(f.get(at.get("elapsed"))),
                        f.get(at.get("label")), f.get(at.get("responseCode")), Boolean.parseBoolean(f.get(at.get("success"))),
                        Integer.parseInt(f.get(at.get("allThreads")))));
            }
        }
        return rows;
    }

    /** One CSV line's fields; a field in double quotes may hold commas and doubled quotes. */
    static List<String> fields(String line) {
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted && c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                field.append('"');
                i++;
            } else if (c == '"') {
                quoted = !quoted;
            } else if (c == ',' && !quoted) {
                fields.add(field.toString());
                field.setLength(0);
            } else {
                field.append(c);
            }
        }
        fields.add(field.toString());
        return fields;
    }
}
