package com.seckill.payment.payment;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

@Mapper
public interface PaymentMapper {

    String COLUMNS = "id, trade_no, order_id, user_id, amount, status, order_notified";

    @Insert("INSERT INTO payment (trade_no, order_id, user_id, amount, status) VALUES (#{tradeNo}, #{orderId}, #{userId}, #{amount}, 0)")
    void insert(@Param("tradeNo") String tradeNo, @Param("orderId") long orderId, @Param("userId") long userId,
                @Param("amount") BigDecimal amount);

    @Select("SELECT " + COLUMNS + " FROM payment WHERE order_id = #{orderId}")
    Payment findByOrder(long orderId);

    @Select("SELECT " + COLUMNS + " FROM payment WHERE trade_no = #{tradeNo}")
    Payment findByTradeNo(String tradeNo);

    /** The provider's success, applied once: later duplicates match no row. */
    @Update("UPDATE payment SET status = 1, paid_time = #{paidTime} WHERE trade_no = #{tradeNo} AND status = 0")
    int markPaid(@Param("tradeNo") String tradeNo, @Param("paidTime") Instant paidTime);

    @Update("UPDATE payment SET order_notified = 1 WHERE id = #{id} AND status = 1 AND order_notified = 0")
    int markOrderNotified(long id);

    @Update("UPDATE payment SET status = 2, order_notified = 1 WHERE id = #{id} AND status = 1")
    int markRefunded(long id);

    /** Paid payments the order does not know about yet. */
    @Select("SELECT " + COLUMNS + " FROM payment WHERE status = 1 AND order_notified = 0 ORDER BY id LIMIT #{limit}")
    List<Payment> findPaidNotNotified(int limit);

    @Insert("INSERT INTO refund (refund_no, trade_no, order_id, amount, reason) "
            + "VALUES (#{refundNo}, #{tradeNo}, #{orderId}, #{amount}, #{reason})")
    void insertRefund(@Param("refundNo") String refundNo, @Param("tradeNo") String tradeNo, @Param("orderId") long orderId,
                      @Param("amount") BigDecimal amount, @Param("reason") String reason);
}
