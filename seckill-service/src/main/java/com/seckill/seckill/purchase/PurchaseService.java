package com.seckill.seckill.purchase;

import com.seckill.common.error.SeckillException;
import com.seckill.seckill.Refusals;
import com.seckill.seckill.activity.Activity;
import com.seckill.seckill.activity.WarmupRequests;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

/**
 * The purchase: no MySQL and no lock, one Redis round trip (the script, which also consumes the one-time path
 * and writes the QUEUED result). A won unit is answered 202 once the broker has
 * confirmed its order message (contract §10: a 202 survives the loss of Redis), or, should the
 * broker not confirm within {@code publish-timeout}, once it is in the Redis outbox, which the
 * relay keeps publishing until the broker takes it.
 */
@Service
class PurchaseService {

    private static final Logger log = LoggerFactory.getLogger(PurchaseService.class);

    private final SaleGuard guard;
    private final PurchaseScript script;
    private final OrderHandOff handOff;
    private final WarmupRequests warmups;
    private final PurchaseMetrics metrics;
    private final PurchaseLoad load;

    PurchaseService(SaleGuard guard, PurchaseScript script, OrderHandOff handOff, WarmupRequests warmups,
                    PurchaseMetrics metrics, PurchaseLoad load) {
        this.guard = guard;
        this.script = script;
        this.handOff = handOff;
        this.warmups = warmups;
        this.metrics = metrics;
        this.load = load;
    }

    String purchase(long activityId, long userId, String path) {
        load.started();
        try {
            String requestId = attempt(activityId, userId, path);
            metrics.accepted(activityId);
            return requestId;
        } catch (SeckillException e) {
            metrics.refused(activityId, e.code());
            throw e;
        } finally {
            load.finished();
        }
    }

    private String attempt(long activityId, long userId, String path) {
        Activity activity = guard.open(activityId);
        PurchaseScript.Claim claim = script.claim(activity, userId, path);
        String requestId = claim.requestId();
        if (!claim.answered()) {
            return acceptIfPublished(claim);
        }
        switch (claim.outcome()) {
            case SUCCESS -> {
                // From here the purchase stands: its unit is taken, its message is in the outbox and its result reads QUEUED
                handOff.handOff(claim.bucket().outbox(), requestId, claim.payload());
                return requestId;
            }
            case SOLD_OUT -> {
                guard.markSoldOut(activityId);
                throw SaleGuard.soldOut();
            }
            case DUPLICATE -> throw new Refusals.AlreadyBought();
            case BAD_PATH -> throw new Refusals.PathRejected();
            case NOT_WARMED -> {
                warmups.request(activity);
                throw new Refusals.SalePreparing();
            }
            default -> throw new IllegalStateException("Unhandled outcome " + claim.outcome());
        }
    }

    /**
     * The script was sent and its answer lost (Redis died or stalled): it may have taken a unit, whose
     * shopper must then not hear "no". The order message goes to the broker as for any accepted
     * purchase; once the broker holds it, the request is accepted and order-service settles it
     * (MySQL's guards keep the sale exact, and figures Redis lost are rebuilt only after it is written).
     * Without the broker's word in time, the outcome is unknown (503, {@code outcome: UNKNOWN}): the unit may
     * have been taken, and the message may still reach the broker late. A plain BUSY ("nothing was done") sent
     * shoppers of the nemesis (seed 10) back with the same path, refused as used, while their order was made.
     */
    private String acceptIfPublished(PurchaseScript.Claim claim) {
        if (handOff.confirmed(claim.bucket().outbox(), claim.requestId(), claim.payload())) {
            log.debug("Purchase {} sent to a Redis that did not answer: accepted through the broker", claim.requestId());
            return claim.requestId();
        }
        throw new Refusals.PurchaseOutcomeUnknown();
    }
}
