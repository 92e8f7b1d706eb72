package com.seckill.payment;

import com.seckill.common.error.ErrorCode;
import com.seckill.common.error.SeckillException;

/**
 * Every refusal payment-service answers, named as the fact it is, and the problem code it maps to:
 * the one place where this service's facts meet HTTP.
 */
public final class Refusals {

    private Refusals() {
    }

    /** order-service cannot be asked right now. */
    public static final class OrdersUnavailable extends SeckillException {
        public OrdersUnavailable() {
            super(ErrorCode.BUSY, "Orders cannot be read right now, try again shortly");
        }
    }

    public static final class OrderNotPayable extends SeckillException {
        public OrderNotPayable() {
            super(ErrorCode.CONFLICT, "Only a pending order can be paid");
        }
    }

    public static final class UnknownPayment extends SeckillException {
        public UnknownPayment() {
            super(ErrorCode.NOT_FOUND, "No such payment or order");
        }
    }

    public static final class SignatureMismatch extends SeckillException {
        public SignatureMismatch() {
            super(ErrorCode.BAD_SIGNATURE, "The callback signature does not match");
        }
    }

    /** A callback signed too long ago (or in the future): a replay is refused. */
    public static final class StaleCallback extends SeckillException {
        public StaleCallback() {
            super(ErrorCode.BAD_SIGNATURE, "The callback timestamp is outside the accepted window");
        }
    }

    public static final class UnknownTrade extends SeckillException {
        public UnknownTrade(String tradeNo) {
            super(ErrorCode.NOT_FOUND, "Unknown trade " + tradeNo);
        }
    }

    /** The callback names a payment but not its order or amount. */
    public static final class CallbackMismatch extends SeckillException {
        public CallbackMismatch() {
            super(ErrorCode.BAD_REQUEST, "The callback does not match the payment");
        }
    }

    public static final class MalformedCallback extends SeckillException {
        public MalformedCallback(String detail) {
            super(ErrorCode.BAD_REQUEST, detail);
        }
    }

    /** Only a paid order (its payment applied) can be refunded; a refunded one cannot be again. */
    public static final class NotRefundable extends SeckillException {
        public NotRefundable() {
            super(ErrorCode.CONFLICT, "Only a paid order can be refunded, once");
        }
    }

    /** The owner asked after the refund window; an operator still may. */
    public static final class RefundWindowPassed extends SeckillException {
        public RefundWindowPassed(java.time.Duration window) {
            super(ErrorCode.CONFLICT, "The order was paid more than " + window.toDays() + " days ago: it can no longer be refunded");
        }
    }

    /** An operator refunds someone else's order only with a reason, for the audit log. */
    public static final class ReasonRequired extends SeckillException {
        public ReasonRequired() {
            super(ErrorCode.BAD_REQUEST, "An operator's refund needs a reason");
        }
    }

    /** No payment provider that takes refunds is configured here (the sandbox provider is off). */
    public static final class NoRefundProvider extends SeckillException {
        public NoRefundProvider() {
            super(ErrorCode.BUSY, "No payment provider takes refunds here: nothing was done");
        }
    }
}
