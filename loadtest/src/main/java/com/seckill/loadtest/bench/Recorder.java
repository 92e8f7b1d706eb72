package com.seckill.loadtest.bench;

import java.net.http.HttpClient;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/** One bench thread's figures, shared with nobody while the phase runs: latencies (ns) per kind, answers by status. */
final class Recorder {

    final long[][] latencies = {new long[4096], new long[4096], new long[4096]};
    final int[] counts = new int[3];
    final Map<String, Integer> codes = new TreeMap<>();
    long requests;
    private final LoadDriver driver;

    Recorder(LoadDriver driver) {
        this.driver = driver;
    }

    LoadDriver.Resp call(HttpClient client, int kind, String method, String path, String bearer, String json) {
        long start = System.nanoTime();
        LoadDriver.Resp answer;
        try {
            answer = driver.send(client, method, path, bearer, json);
        } catch (Exception e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            answer = new LoadDriver.Resp(-1, e.getClass().getSimpleName());
        }
        record(kind, System.nanoTime() - start);
        requests++;
        codes.merge(answer.status() < 0 ? "error" : String.valueOf(answer.status()), 1, Integer::sum);
        return answer;
    }

    void record(int kind, long nanos) {
        if (counts[kind] == latencies[kind].length) {
            latencies[kind] = Arrays.copyOf(latencies[kind], counts[kind] * 2);
        }
        latencies[kind][counts[kind]++] = nanos;
    }
}
