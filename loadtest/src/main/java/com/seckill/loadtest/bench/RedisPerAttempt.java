package com.seckill.loadtest.bench;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Redis commands per purchase attempt (issue 26): what clients sent during a crowd, less what the background jobs
 * send in as long a quiet time (outbox sweeps, waiting-room ticks, reconciliation, health checks), divided by the
 * attempts. The order path's own commands (the settlement script and the outcomes it writes) are told apart from the
 * purchase path's (gateway and seckill-service answering the shopper); they are counted as they fall within the crowd's
 * seconds, which the consumer keeps pace with at this crowd.
 */
record RedisPerAttempt(Map<String, Double> perAttempt, long attempts) {

    static RedisPerAttempt of(Map<String, Long> crowd, double crowdSeconds, Map<String, Long> quiet, double quietSeconds,
                              long attempts) {
        Map<String, Double> per = new LinkedHashMap<>();
        crowd.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder())).forEach(e -> {
            double background = quiet.getOrDefault(e.getKey(), 0L) * (quietSeconds <= 0 ? 0 : crowdSeconds / quietSeconds);
            double calls = Math.max(0, e.getValue() - background);
            if (attempts > 0 && calls / attempts >= 0.005) {
                per.put(e.getKey(), calls / attempts);
            }
        });
        return new RedisPerAttempt(per, attempts);
    }

    /** The order path's commands: the settlement script and the outcomes written from it. */
    static boolean orderPath(String command) {
        return command.contains("settle") || command.startsWith("SET seckill:result:");
    }

    double purchasePath() {
        return perAttempt.entrySet().stream().filter(e -> !orderPath(e.getKey())).mapToDouble(Map.Entry::getValue).sum();
    }

    double orderPath() {
        return perAttempt.entrySet().stream().filter(e -> orderPath(e.getKey())).mapToDouble(Map.Entry::getValue).sum();
    }

    String table() {
        StringBuilder t = new StringBuilder();
        t.append(String.format(Locale.ROOT, "Redis commands per attempt over the platform's %,d-connection crowd (%,d attempts), as `MONITOR` "
                + "saw them: calls sent by a client (a pipeline's commands count one each), not the commands a script runs inside Redis; "
                + "what the background jobs send in as long a quiet time before the crowd is subtracted.%n%n", SideBySide.CONNECTIONS[0], attempts));
        t.append("| command | per attempt | path |\n|---|---:|---|\n");
        perAttempt.forEach((command, calls) -> t.append(String.format(Locale.ROOT, "| `%s` | %.2f | %s |%n", command, calls,
                orderPath(command) ? "order" : "purchase")));
        t.append(String.format(Locale.ROOT, "| **purchase path** (gateway and seckill-service) | **%.2f** | target <= 3%s |%n", purchasePath(),
                purchasePath() <= 3 ? " (met)" : " (**not met**)"));
        t.append(String.format(Locale.ROOT, "| order path (settlement) | %.2f | |%n", orderPath()));
        return t.toString();
    }
}
