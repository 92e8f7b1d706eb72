package com.seckill.ops.doctor;

import java.util.LinkedHashMap;
import java.util.Map;

/** The clocks of the services, Redis and MySQL agree within a second (sales start and end by them). */
final class ClockSkew {

    static final long BOUND_MS = 1_000;

    private ClockSkew() {
    }

    static Check check(Infrastructure infra, Services services) {
        Map<String, Long> offsets = new LinkedHashMap<>();
        long before = System.currentTimeMillis();
        Long database = infra.database() == null ? null : infra.databaseClock();
        long middle = (before + System.currentTimeMillis()) / 2;
        if (database != null) {
            offsets.put("MySQL", database - middle);
        }
        before = System.currentTimeMillis();
        Long redis = infra.redisUp() ? infra.redisClock() : null;
        middle = (before + System.currentTimeMillis()) / 2;
        if (redis != null) {
            offsets.put("Redis", redis - middle);
        }
        services.clocks().forEach((service, reading) -> offsets.put(service, reading[1] - reading[0]));
        if (offsets.size() < 2) {
            return Check.warn("Clock skew", "too few clocks could be read: " + offsets.keySet());
        }
        long spread = offsets.values().stream().mapToLong(Long::longValue).max().getAsLong()
                - offsets.values().stream().mapToLong(Long::longValue).min().getAsLong();
        String detail = "spread " + spread + " ms across " + offsets.keySet();
        return spread < BOUND_MS ? Check.ok("Clock skew", detail) : Check.fail("Clock skew", detail + " (sync them: NTP)");
    }
}
