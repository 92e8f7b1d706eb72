package com.seckill.payment.refund;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

@Mapper
public interface RefundMapper {

    String COLUMNS = "id, refund_no, trade_no, order_id, amount, reason, status, requested_by, by_admin, order_notified, "
            + "create_time, refunded_time";

    /** A payment refunded at once because its order had ended first: nothing to ask of the provider or to tell the order. */
    @Insert("INSERT INTO refund (refund_no, trade_no, order_id, amount, reason, status, order_notified, refunded_time) "
            + "VALUES (#{refundNo}, #{tradeNo}, #{orderId}, #{amount}, #{reason}, 1, 1, CURRENT_TIMESTAMP(3))")
    void insertDone(@Param("refundNo") String refundNo, @Param("tradeNo") String tradeNo, @Param("orderId") long orderId,
                    @Param("amount") BigDecimal amount, @Param("reason") String reason);

    /** A refund asked of the provider; a second one for the same payment breaks {@code uk_refund_trade}. */
    @Insert("INSERT INTO refund (refund_no, trade_no, order_id, amount, reason, status, requested_by, by_admin, order_notified) "
            + "VALUES (#{refundNo}, #{tradeNo}, #{orderId}, #{amount}, #{reason}, 0, #{requestedBy}, #{byAdmin}, 0)")
    void insertRequested(@Param("refundNo") String refundNo, @Param("tradeNo") String tradeNo, @Param("orderId") long orderId,
                         @Param("amount") BigDecimal amount, @Param("reason") String reason,
                         @Param("requestedBy") long requestedBy, @Param("byAdmin") boolean byAdmin);

    @Select("SELECT " + COLUMNS + " FROM refund WHERE trade_no = #{tradeNo}")
    Refund findByTrade(String tradeNo);

    @Select("SELECT " + COLUMNS + " FROM refund WHERE refund_no = #{refundNo}")
    Refund findByRefundNo(String refundNo);

    /** The provider's confirmation, applied once: later duplicates match no row. */
    @Update("UPDATE refund SET status = 1, refunded_time = #{at} WHERE refund_no = #{refundNo} AND status = 0")
    int markRefunded(@Param("refundNo") String refundNo, @Param("at") Instant at);

    @Update("UPDATE refund SET order_notified = 1 WHERE id = #{id} AND status = 1 AND order_notified = 0")
    int markOrderNotified(long id);

    /** Refunds the provider has not confirmed, asked before {@code before}: asked again. */
    @Select("SELECT " + COLUMNS + " FROM refund WHERE status = 0 AND create_time < #{before} ORDER BY id LIMIT #{limit}")
    List<Refund> findRequestedBefore(@Param("before") Instant before, @Param("limit") int limit);

    /** Refunds done that order-service has not applied yet. */
    @Select("SELECT " + COLUMNS + " FROM refund WHERE status = 1 AND order_notified = 0 ORDER BY id LIMIT #{limit}")
    List<Refund> findRefundedNotNotified(int limit);

    /** Refunds operators asked for, the latest first: their part of the audit log. */
    @Select("SELECT " + COLUMNS + " FROM refund WHERE by_admin = 1 ORDER BY id DESC LIMIT #{limit}")
    List<Refund> findByAdmins(int limit);
}
