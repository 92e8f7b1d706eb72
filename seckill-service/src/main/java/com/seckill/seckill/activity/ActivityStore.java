package com.seckill.seckill.activity;

import com.seckill.common.error.ErrorCode;
import com.seckill.common.error.SeckillException;
import com.seckill.seckill.Refusals;
import com.seckill.seckill.audit.AuditLog;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

/**
 * An activity's rows, each change in one transaction with its audit entry: a new activity with its
 * waiting room, a stock top-up; and the consistent read the Redis figures are built from.
 */
@Component
class ActivityStore {

    private final ActivityMapper mapper;
    private final StockTopUpMapper topUps;
    private final AuditLog audit;

    ActivityStore(ActivityMapper mapper, StockTopUpMapper topUps, AuditLog audit) {
        this.mapper = mapper;
        this.topUps = topUps;
        this.audit = audit;
    }

    /** The row and the ids of the top-ups its stock includes, as of one moment. */
    record Snapshot(Activity activity, List<Long> topUps) {
    }

    /** The activity's row now, with the top-ups in it (one read view: a top-up is in both or in neither). */
    @Transactional(readOnly = true)
    Snapshot snapshot(long id) {
        Activity activity = mapper.findById(id);
        if (activity == null) {
            throw new Refusals.UnknownActivity(id);
        }
        return new Snapshot(activity, topUps.ids(id));
    }

    /** A top-up recorded, and the activity as it is after it. */
    record Raised(Activity activity, TopUp topUp) {
    }

    /**
     * Adds {@code units} to the stock and the total of a sale that has not ended, records the top-up
     * (so Redis is given it exactly once) and audits it, in one transaction.
     */
    @Transactional
    Raised topUp(long id, int units, long adminId, Instant now) {
        Activity before = topUps.lock(id);
        if (before == null) {
            throw new Refusals.UnknownActivity(id);
        }
        if (before.endedAt(now)) {
            throw new Refusals.SaleOver(id);
        }
        if ((long) before.stockTotal() + units > AddStockRequest.MAX_TOTAL) {
            throw new SeckillException(ErrorCode.BAD_REQUEST, "An activity holds at most " + AddStockRequest.MAX_TOTAL
                    + " units; it has " + before.stockTotal());
        }
        topUps.raise(id, units);
        NewTopUp row = new NewTopUp(id, units, adminId);
        topUps.insert(row);
        Activity after = mapper.findById(id);
        audit.record(adminId, AuditLog.STOCK_ADD, id, Map.of("stockTotal", before.stockTotal(), "stock", before.stock()),
                Map.of("stockTotal", after.stockTotal(), "stock", after.stock(), "added", units));
        return new Raised(after, row.recorded());
    }

    @Transactional
    Activity insert(NewActivity row, WaitingRoomSettings room, long adminId) {
        mapper.insert(row);
        Activity activity = row.toActivity();
        if (room != null) {
            mapper.insertRoom(activity.id(), room);
        }
        audit.record(adminId, AuditLog.CREATE, activity.id(), null, Map.of("goodsName", activity.goodsName(), "stock",
                activity.stockTotal(), "startTime", activity.startTime().toString(), "endTime", activity.endTime().toString(),
                "waitingRoom", room == null ? "none" : room.admissionPerSecond() + "/s"));
        return activity;
    }
}
