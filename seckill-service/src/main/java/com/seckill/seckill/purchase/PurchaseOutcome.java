package com.seckill.seckill.purchase;

/** Return codes of the pre-deduction Lua script (contract §5; 3 is the one-time path, checked in the same call). */
public enum PurchaseOutcome {
    SUCCESS(1), SOLD_OUT(0), DUPLICATE(2), NOT_WARMED(-1), BAD_PATH(3);

    private final long code;

    PurchaseOutcome(long code) {
        this.code = code;
    }

    public long code() {
        return code;
    }

    public static PurchaseOutcome of(long code) {
        for (PurchaseOutcome outcome : values()) {
            if (outcome.code == code) {
                return outcome;
            }
        }
        throw new IllegalArgumentException("Unknown purchase script answer " + code);
    }
}
