package com.seckill.web.persistence;

/**
 * A unique index that keeps a sale exact (contract §6), declared as a bean by the service whose table it is: the
 * service reports whether its database has it ({@code /actuator/info}, "guards", see {@link GuardFacts}), so that
 * {@code ./seckill doctor} checks the guards without naming another module's tables.
 */
public record UniqueGuard(String table, String index) {

    String name() {
        return table + "." + index;
    }
}
