package com.seckill.ops.doctor;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Runs every check against the target, prints one line each ({@code OK}, {@code WARN}, {@code FAIL}),
 * and answers the exit status: non-zero as soon as one check failed. What each check means, and what to
 * do when it fails: docs/operations.md, "Before a sale".
 */
public final class Doctor {

    private Doctor() {
    }

    public static int run(Map<String, String> env, PrintStream out) {
        Target target = new Target(env);
        List<Check> checks = new ArrayList<>();
        Services services = new Services(target);
        try (Infrastructure infra = new Infrastructure(target)) {
            SaleReadiness readiness = new SaleReadiness(target, infra);
            checks.addAll(infra.reachable());
            checks.addAll(services.healthy());
            checks.add(ReportedState.guards(services.facts()));
            checks.addAll(ReportedState.sales(services.facts().get("seckill-service")));
            if (infra.redisUp()) {
                checks.add(readiness.redisPersistence());
            }
            if (infra.brokerUp()) {
                checks.addAll(readiness.queues());
            }
            checks.addAll(services.settings());
            checks.addAll(services.jobs());
            checks.add(ClockSkew.check(infra, services));
        }
        long failed = checks.stream().filter(check -> check.level() == Check.Level.FAIL).count();
        long warned = checks.stream().filter(check -> check.level() == Check.Level.WARN).count();
        checks.forEach(check -> out.println(check.line()));
        out.printf("%d checks: %d OK, %d WARN, %d FAIL%n", checks.size(), checks.size() - warned - failed, warned, failed);
        return failed > 0 ? 1 : 0;
    }
}
