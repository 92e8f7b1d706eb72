package com.seckill.ops.doctor;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The four services as their actuators describe them: health, settings in force, jobs, clocks. */
final class Services {

    /** The scheduled jobs and the longest they may go without completing: three of their periods, or so. */
    private static final Map<String, Duration> JOBS = new LinkedHashMap<>();

    static {
        JOBS.put("warm-up", Duration.ofSeconds(60));
        JOBS.put("outbox-sweep", Duration.ofSeconds(30));
        JOBS.put("stuck-requests", Duration.ofSeconds(60));
        JOBS.put("reconciliation", Duration.ofMinutes(4));
        JOBS.put("unpaid-order-sweep", Duration.ofMinutes(3));
        JOBS.put("payment-settlement", Duration.ofSeconds(30));
        JOBS.put("refund-relay", Duration.ofSeconds(30));
    }

    private static final Pattern JOB = Pattern.compile("^seckill_job_last_success\\{[^}]*job=\"([^\"]+)\"[^}]*} (\\S+)",
            Pattern.MULTILINE);

    private final Target target;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(3)).build();
    private final ObjectMapper json = new ObjectMapper();
    private final Map<String, JsonNode> infos = new LinkedHashMap<>();
    /** When each service's clock was read, and what it said: epoch ms of ours, then of theirs. */
    private final Map<String, long[]> clocks = new LinkedHashMap<>();

    Services(Target target) {
        this.target = target;
    }

    private HttpResponse<String> get(String url) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(5)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }

    List<Check> healthy() {
        List<Check> checks = new ArrayList<>();
        target.actuators().forEach((service, base) -> {
            try {
                HttpResponse<String> health = get(base + "/actuator/health");
                long before = System.currentTimeMillis();
                HttpResponse<String> info = get(base + "/actuator/info");
                long after = System.currentTimeMillis();
                JsonNode facts = json.readTree(info.body());
                infos.put(service, facts);
                if (facts.has("clock")) {
                    clocks.put(service, new long[] {(before + after) / 2, facts.get("clock").asLong()});
                }
                checks.add(health.statusCode() == 200 ? Check.ok(service + " healthy", base)
                        : Check.fail(service + " healthy", base + " answers " + health.statusCode()));
            } catch (IOException | RuntimeException e) {
                checks.add(Check.fail(service + " healthy", base + ": " + e));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        return checks;
    }

    /** Rate limits and the blacklist on; no development secret outside the local profile. */
    List<Check> settings() {
        List<Check> checks = new ArrayList<>();
        JsonNode gateway = infos.get("gateway-service");
        if (gateway != null) {
            JsonNode limits = gateway.path("rateLimits");
            List<String> off = new ArrayList<>();
            limits.fields().forEachRemaining(limit -> {
                if ("0".equals(limit.getValue().asText())) {
                    off.add(limit.getKey());
                }
            });
            checks.add(off.isEmpty() ? Check.ok("Rate limits on", limits.toString())
                    : Check.warn("Rate limits on", "switched off: " + off + " " + limits));
            checks.add(gateway.hasNonNull("blacklistRefresh")
                    ? Check.ok("Blacklist on", "every gateway reloads it every " + gateway.path("blacklistRefresh").asText())
                    : Check.fail("Blacklist on", "the gateway reports no blacklist"));
        }
        infos.forEach((service, facts) -> checks.add(secrets(service, facts)));
        return checks;
    }

    /** A development secret of the source tree is fine in the local profile only: anyone can read it. */
    static Check secrets(String service, JsonNode facts) {
        List<String> development = new ArrayList<>();
        facts.path("developmentSecrets").fields().forEachRemaining(secret -> {
            if (secret.getValue().asBoolean()) {
                development.add(secret.getKey());
            }
        });
        String profiles = facts.path("profiles").toString();
        String name = service + " secrets";
        if (development.isEmpty()) {
            return Check.ok(name, "none from the source tree " + profiles);
        }
        return facts.path("localProfile").asBoolean(false)
                ? Check.ok(name, "development " + development + " in the local profile " + profiles)
                : Check.fail(name, "development secret(s) " + development + " outside the local profile " + profiles
                + ": set SECKILL_TRUST_SECRET, SECKILL_GATEWAY_JWT_SECRET, SECKILL_PAYMENT_CALLBACKSECRET");
    }

    /** Every scheduled job completed recently, read from the services' own metrics. */
    List<Check> jobs() {
        List<Check> checks = new ArrayList<>();
        Map<String, Double> lastRuns = new LinkedHashMap<>();
        for (String base : target.actuators().values()) {
            try {
                Matcher job = JOB.matcher(get(base + "/actuator/prometheus").body());
                while (job.find()) {
                    lastRuns.merge(job.group(1), Double.parseDouble(job.group(2)), Math::max);
                }
            } catch (IOException | RuntimeException e) {
                // a service that does not answer was reported unhealthy already
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        long now = Instant.now().getEpochSecond();
        JOBS.forEach((job, bound) -> {
            Double last = lastRuns.get(job);
            String name = "Job " + job;
            if (last == null) {
                checks.add(Check.fail(name, "not reported by any service"));
            } else if (last == 0) {
                checks.add(Check.warn(name, "has not completed yet (a service just started?)"));
            } else if (now - last.longValue() > bound.toSeconds()) {
                checks.add(Check.fail(name, "last completed " + (now - last.longValue()) + " s ago (expected within " + bound.toSeconds() + " s)"));
            } else {
                checks.add(Check.ok(name, "completed " + (now - last.longValue()) + " s ago"));
            }
        });
        return checks;
    }

    /** What each service that answered said of itself ({@code /actuator/info}), by service name. */
    Map<String, JsonNode> facts() {
        return infos;
    }

    Map<String, long[]> clocks() {
        return clocks;
    }
}
