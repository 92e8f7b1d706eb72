package com.seckill.loadtest.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;

/** The reports' tests give a phase of the crowd as one JSON object with the fields of {@link CrowdRun}. */
final class CrowdRuns {

    private static final ObjectMapper JSON = new ObjectMapper();

    private CrowdRuns() {
    }

    static CrowdRun parse(String line) throws IOException {
        JsonNode run = JSON.readTree(line);
        Map<String, Long> statuses = new TreeMap<>();
        run.path("statuses").fields().forEachRemaining(e -> statuses.put(e.getKey(), e.getValue().asLong()));
        Map<Integer, TreeMap<Integer, Long>> times = new TreeMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = run.path("times").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> status = it.next();
            TreeMap<Integer, Long> buckets = new TreeMap<>();
            status.getValue().fields().forEachRemaining(b -> buckets.put(Integer.parseInt(b.getKey()), b.getValue().asLong()));
            times.put(Integer.parseInt(status.getKey()), buckets);
        }
        return new CrowdRun(run.path("seconds").asDouble(), run.path("timeouts").asLong(), run.path("errors").asLong(), statuses, times,
                run.path("driverCores").asDouble());
    }
}
