package com.seckill.seckill.activity;

import com.seckill.seckill.orders.OrderRecords;
import java.util.List;
import org.springframework.stereotype.Component;

/** What MySQL records of a sale, to build its Redis figures from: the activity row with its top-ups, and the holders of live orders. */
@Component
class SaleRecords {

    private final ActivityStore store;
    private final OrderRecords orders;

    SaleRecords(ActivityStore store, OrderRecords orders) {
        this.store = store;
        this.orders = orders;
    }

    ActivityStore.Snapshot snapshot(long activityId) {
        return store.snapshot(activityId);
    }

    /** Users holding a live order of the activity, as order-service answers. */
    List<Long> holders(long activityId) {
        return orders.holders(activityId);
    }
}
