package com.seckill.seckill;

import com.seckill.common.error.ErrorCode;
import com.seckill.common.error.ProblemProperties;
import com.seckill.common.error.SeckillException;
import java.util.Map;

/**
 * Every refusal seckill-service answers, named as the fact it is, and the problem code it maps to:
 * the one place where this service's facts meet HTTP (service-web's problem handler turns the code
 * into status and ProblemDetail).
 */
public final class Refusals {

    private Refusals() {
    }

    public static final class UnknownActivity extends SeckillException {
        public UnknownActivity(long id) {
            super(ErrorCode.NOT_FOUND, "No activity " + id);
        }
    }

    public static final class UnknownRequest extends SeckillException {
        public UnknownRequest() {
            super(ErrorCode.NOT_FOUND, "No such request");
        }
    }

    /** The results of purchases cannot be read now (Redis away or being rebuilt): poll again. */
    public static final class ResultsUnavailable extends SeckillException {
        public ResultsUnavailable(String detail) {
            super(ErrorCode.BUSY, detail);
        }
    }

    public static final class AlreadyBought extends SeckillException {
        public AlreadyBought() {
            super(ErrorCode.DUPLICATE, "You already hold a unit of this sale");
        }
    }

    /** The purchase came on a path this service did not issue to this user, or issued and saw used or replaced. */
    public static final class PathRejected extends SeckillException {
        public PathRejected() {
            super(ErrorCode.BAD_PATH, "Purchase path is invalid, expired or already used: request a new one");
        }
    }

    /** A path asked for on a waiting-room activity without a valid admission (contract §11). */
    public static final class NotAdmitted extends SeckillException {
        public NotAdmitted() {
            super(ErrorCode.NOT_ADMITTED, "Join the queue and wait until you are admitted (X-Seckill-Admission)");
        }
    }

    /** The activity's keys are being (re)built in Redis. */
    public static final class SalePreparing extends SeckillException {
        public SalePreparing() {
            super(ErrorCode.BUSY, "The sale is being prepared, try again in a moment");
        }
    }

    /**
     * A purchase whose script answer was lost (Redis stalled or cut off) and whose order message the broker has not
     * confirmed in time either: the unit may have been taken, and the message may still reach the broker. Not
     * "try again" (the same path would then be refused, or a second unit taken) but "look first" (docs/api.md).
     */
    public static final class PurchaseOutcomeUnknown extends SeckillException implements ProblemProperties {
        public PurchaseOutcomeUnknown() {
            super(ErrorCode.BUSY, "Redis and the broker did not answer in time: your purchase may have been made."
                    + " Look at your orders (GET /api/orders) before asking again");
        }

        @Override
        public Map<String, Object> properties() {
            return Map.of("outcome", "UNKNOWN");
        }
    }

    /** Redis or the broker cannot take the purchase right now; nothing was taken. */
    public static final class SaleBusy extends SeckillException {
        public SaleBusy() {
            super(ErrorCode.BUSY, "The sale is busy, try again shortly");
        }
    }

    public static final class NotStarted extends SeckillException {
        public NotStarted() {
            super(ErrorCode.NOT_STARTED, "The sale has not started yet");
        }
    }

    public static final class SaleEnded extends SeckillException {
        public SaleEnded() {
            super(ErrorCode.ENDED, "The sale has ended");
        }
    }

    public static final class SaleOver extends SeckillException {
        public SaleOver(long id) {
            super(ErrorCode.CONFLICT, "Activity " + id + " has ended: stock can be added only to a sale that has not");
        }
    }

    public static final class SoldOut extends SeckillException {
        public SoldOut() {
            super(ErrorCode.SOLD_OUT, "Sold out");
        }
    }
}
