package com.seckill.order.consume;

import static org.assertj.core.api.Assertions.assertThat;

import com.seckill.order.OrderServiceIT;
import com.seckill.web.warmup.WarmUpCall;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The consumer's warm-up runs the batch path on the real MariaDB and leaves nothing behind (issue 44): for
 * nobody's activity the batch is turned down at the stock update, and even for an activity with units, which the
 * batch then takes, the transaction around it rolls everything back.
 */
class ConsumerWarmUpIT extends OrderServiceIT {

    @Autowired
    ConsumerWarmUp warmUp;

    @Test
    void aBatchForAnActivityWithUnitsRunsWholeAndIsRolledBack() throws Exception {
        int units = ConsumerWarmUp.MESSAGES * ConsumerWarmUp.ORDERS_PER_MESSAGE;
        long activity = insertActivity(units * 2);

        int made = warmUp.consumeOneBatch(activity);

        assertThat(made).as("orders the batch made before its rollback: the whole path ran").isEqualTo(units);
        assertThat(count("SELECT stock FROM seckill_activity WHERE id = ?", activity)).isEqualTo(units * 2);
        assertThat(count("SELECT COUNT(*) FROM seckill_order WHERE activity_id = ?", activity)).isZero();
        assertThat(count("SELECT COUNT(*) FROM mq_consume_log WHERE user_id >= ?", WarmUpCall.FIRST_USER)).isZero();
    }

    @Test
    void aBatchForNobodysActivityIsTurnedDownAndLeavesNothing() throws Exception {
        int made = warmUp.consumeOneBatch(ConsumerWarmUp.NOBODYS_ACTIVITY);

        assertThat(made).isZero();
        assertThat(count("SELECT COUNT(*) FROM seckill_order WHERE activity_id = ? OR user_id >= ?",
                ConsumerWarmUp.NOBODYS_ACTIVITY, WarmUpCall.FIRST_USER)).isZero();
        assertThat(count("SELECT COUNT(*) FROM mq_consume_log WHERE user_id >= ?", WarmUpCall.FIRST_USER)).isZero();
    }
}
