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

    String COLUMNS = "id, trade_no, order_id, user_id, amount, status, order_notified, paid_time";

    default void insert(String tradeNo, long orderId, long userId, BigDecimal amount) {
        insert(tradeNo, orderId, userId, amount, PaymentStatus.WAITING);
    }

    @Insert("INSERT INTO payment (trade_no, order_id, user_id, amount, status) VALUES (#{tradeNo}, #{orderId}, #{userId}, #{amount}, #{status})")
    void insert(@Param("tradeNo") String tradeNo, @Param("orderId") long orderId, @Param("userId") long userId,
                @Param("amount") BigDecimal amount, @Param("status") PaymentStatus status);

    @Select("SELECT " + COLUMNS + " FROM payment WHERE order_id = #{orderId}")
    Payment findByOrder(long orderId);

    @Select("SELECT " + COLUMNS + " FROM payment WHERE trade_no = #{tradeNo}")
    Payment findByTradeNo(String tradeNo);

    /** The provider's success, applied once: later duplicates match no row. */
    default int markPaid(String tradeNo, Instant paidTime) {
        return pay(tradeNo, paidTime, PaymentStatus.WAITING, PaymentStatus.PAID);
    }

    @Update("UPDATE payment SET status = #{to}, paid_time = #{paidTime} WHERE trade_no = #{tradeNo} AND status = #{from}")
    int pay(@Param("tradeNo") String tradeNo, @Param("paidTime") Instant paidTime, @Param("from") PaymentStatus from,
            @Param("to") PaymentStatus to);

    default int markOrderNotified(long id) {
        return notifyOrder(id, PaymentStatus.PAID);
    }

    @Update("UPDATE payment SET order_notified = 1 WHERE id = #{id} AND status = #{status} AND order_notified = 0")
    int notifyOrder(@Param("id") long id, @Param("status") PaymentStatus status);

    default int markRefunded(long id) {
        return move(id, PaymentStatus.PAID, PaymentStatus.REFUNDED);
    }

    @Update("UPDATE payment SET status = #{to}, order_notified = 1 WHERE id = #{id} AND status = #{from}")
    int move(@Param("id") long id, @Param("from") PaymentStatus from, @Param("to") PaymentStatus to);

    /** Paid payments the order does not know about yet. */
    default List<Payment> findPaidNotNotified(int limit) {
        return findNotNotified(PaymentStatus.PAID, limit);
    }

    @Select("SELECT " + COLUMNS + " FROM payment WHERE status = #{status} AND order_notified = 0 ORDER BY id LIMIT #{limit}")
    List<Payment> findNotNotified(@Param("status") PaymentStatus status, @Param("limit") int limit);
}
