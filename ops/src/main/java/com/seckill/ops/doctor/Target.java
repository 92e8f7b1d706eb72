package com.seckill.ops.doctor;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The deployment to check, from the same environment variables as the launcher and the services
 * (so the doctor checks another deployment when given its settings), plus where each service's
 * actuator answers ({@code SECKILL_DOCTOR_<SERVICE>_URL}, default this machine's ports).
 */
public record Target(Map<String, String> env) {

    public String get(String name, String fallback) {
        String value = env.get(name);
        return value == null || value.isBlank() ? fallback : value;
    }

    /** The database server, host:port, with the services' defaults. */
    public String dbAddress() {
        return get("SECKILL_DB_HOST", "127.0.0.1") + ":" + get("SECKILL_DB_PORT", "3306");
    }

    public String dbName() {
        return get("SECKILL_DB_NAME", "seckill");
    }

    public String jdbcUrl() {
        return "jdbc:mysql://" + dbAddress() + "/" + dbName() + "?useSSL=false&allowPublicKeyRetrieval=true&connectTimeout=3000"
                + "&socketTimeout=10000&connectionTimeZone=UTC&forceConnectionTimeZoneToSession=true";
    }

    public String clusterNodes() {
        return get("SPRING_DATA_REDIS_CLUSTER_NODES", "");
    }

    /** Each service's actuator base: the gateway's management port, the inner services' own. */
    public Map<String, String> actuators() {
        Map<String, String> urls = new LinkedHashMap<>();
        urls.put("gateway-service", get("SECKILL_DOCTOR_GATEWAY_URL", "http://127.0.0.1:9080"));
        urls.put("seckill-service", get("SECKILL_DOCTOR_SECKILL_URL", "http://127.0.0.1:8081"));
        urls.put("order-service", get("SECKILL_DOCTOR_ORDER_URL", "http://127.0.0.1:8082"));
        urls.put("payment-service", get("SECKILL_DOCTOR_PAYMENT_URL", "http://127.0.0.1:8083"));
        return urls;
    }

    /** The pay timeout the services run with (the delay queue's name carries it), read as Spring reads a Duration. */
    public Duration payTimeout() {
        String value = get("SECKILL_ORDER_PAYTIMEOUT", "15m").strip().toLowerCase();
        if (value.startsWith("pt") || value.startsWith("p")) {
            return Duration.parse(value.toUpperCase());
        }
        long amount = Long.parseLong(value.replaceAll("[^0-9]", ""));
        return switch (value.replaceAll("[0-9]", "")) {
            case "", "ms" -> Duration.ofMillis(amount);
            case "us" -> Duration.ofNanos(amount * 1_000);
            case "ns" -> Duration.ofNanos(amount);
            case "s" -> Duration.ofSeconds(amount);
            case "m" -> Duration.ofMinutes(amount);
            case "h" -> Duration.ofHours(amount);
            case "d" -> Duration.ofDays(amount);
            default -> throw new IllegalArgumentException("SECKILL_ORDER_PAYTIMEOUT=" + value + " is not a duration");
        };
    }
}
