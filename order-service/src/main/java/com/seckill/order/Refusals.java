package com.seckill.order;

import com.seckill.common.error.ErrorCode;
import com.seckill.common.error.SeckillException;

/**
 * Every refusal order-service answers, named as the fact it is, and the problem code it maps to:
 * the one place where this service's facts meet HTTP.
 */
public final class Refusals {

    private Refusals() {
    }

    /** No such order, or not the caller's: the same answer, so ids cannot be probed. */
    public static final class UnknownOrder extends SeckillException {
        public UnknownOrder(long orderId) {
            super(ErrorCode.NOT_FOUND, "No order " + orderId);
        }
    }

    /** No outcome recorded for the request yet (internal ledger). */
    public static final class NotSettledYet extends SeckillException {
        public NotSettledYet() {
            super(ErrorCode.NOT_FOUND, "Not settled yet");
        }
    }

    public static final class NotPending extends SeckillException {
        public NotPending() {
            super(ErrorCode.CONFLICT, "Only a pending order can be cancelled");
        }
    }
}
