package com.seckill.seckill.settle;

import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Select;

/**
 * Read-only view of what order-service recorded (it owns these tables): the truth Redis is
 * rebuilt from and checked against.
 */
@Mapper
public interface OrderLedger {

    /** Users holding a live (pending or paid) order: they already have their unit. */
    @Select("SELECT user_id FROM seckill_order WHERE activity_id = #{activityId} AND status IN (0, 1)")
    List<Long> liveOrderUsers(long activityId);

    @Select("SELECT COUNT(*) FROM seckill_order WHERE activity_id = #{activityId} AND status IN (0, 1)")
    long liveOrders(long activityId);

    @Select("SELECT id FROM seckill_order WHERE request_id = #{requestId}")
    Long orderOfRequest(String requestId);

    /** SUCCESS, or why the consumer turned the request down; null when it never saw it. */
    @Select("SELECT outcome FROM mq_consume_log WHERE message_id = #{requestId}")
    String consumeOutcome(String requestId);
}
