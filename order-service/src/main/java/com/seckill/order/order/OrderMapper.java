package com.seckill.order.order;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Options;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

@Mapper
public interface OrderMapper {

    String COLUMNS = "id, order_no, request_id, user_id, activity_id, goods_id, goods_name, price, status, pay_time, "
            + "stock_returned, create_time";

    @Insert("INSERT INTO seckill_order (order_no, request_id, user_id, activity_id, goods_id, goods_name, price, status) "
            + "VALUES (#{orderNo}, #{requestId}, #{userId}, #{activityId}, #{goodsId}, #{goodsName}, #{price}, #{status})")
    @Options(useGeneratedKeys = true, keyProperty = "id")
    void insert(NewOrder order);

    /** Many orders in one statement; their ids are read back with {@link #findIdsByRequestIds}. */
    @Insert("<script>INSERT INTO seckill_order (order_no, request_id, user_id, activity_id, goods_id, goods_name, price, "
            + "status) VALUES <foreach collection='orders' item='o' separator=','>(#{o.orderNo}, #{o.requestId}, "
            + "#{o.userId}, #{o.activityId}, #{o.goodsId}, #{o.goodsName}, #{o.price}, #{o.status})</foreach></script>")
    void insertAll(@Param("orders") List<NewOrder> orders);

    @Select("<script>SELECT id, request_id FROM seckill_order WHERE request_id IN "
            + "<foreach collection='requestIds' item='requestId' open='(' separator=',' close=')'>#{requestId}</foreach>"
            + "</script>")
    List<OrderKey> findIdsByRequestIds(@Param("requestIds") List<String> requestIds);

    /** The guard against oversell: matched equals changed because {@code stock > 0} is in the WHERE clause. */
    @Update("UPDATE seckill_activity SET stock = stock - 1 WHERE id = #{activityId} AND stock > 0")
    int takeStock(long activityId);

    /** {@link #takeStock} for several orders at once: all of them, or none when fewer units are left. */
    @Update("UPDATE seckill_activity SET stock = stock - #{units} WHERE id = #{activityId} AND stock >= #{units}")
    int takeStockFor(@Param("activityId") long activityId, @Param("units") int units);

    /** Gives the unit of an ended order back to MySQL; never above the total. */
    @Update("UPDATE seckill_activity SET stock = stock + 1 WHERE id = #{activityId} AND stock < stock_total")
    int returnStock(long activityId);

    default int markClosed(long id) {
        return move(id, OrderStatus.PENDING, OrderStatus.CLOSED);
    }

    /** Every change of state is conditional on the old one: of two racing changes, one wins. */
    @Update("UPDATE seckill_order SET status = #{to} WHERE id = #{id} AND status = #{from}")
    int move(@Param("id") long id, @Param("from") OrderStatus from, @Param("to") OrderStatus to);

    default int markCancelled(long id, long userId) {
        return cancel(id, userId, OrderStatus.PENDING, OrderStatus.CANCELLED);
    }

    @Update("UPDATE seckill_order SET status = #{to} WHERE id = #{id} AND user_id = #{userId} AND status = #{from}")
    int cancel(@Param("id") long id, @Param("userId") long userId, @Param("from") OrderStatus from,
               @Param("to") OrderStatus to);

    /** Pays a pending order, and only for exactly its price. */
    default int markPaid(long id, BigDecimal amount, Instant payTime) {
        return pay(id, amount, payTime, OrderStatus.PENDING, OrderStatus.PAID);
    }

    @Update("UPDATE seckill_order SET status = #{to}, pay_time = #{payTime} WHERE id = #{id} AND status = #{from} "
            + "AND price = #{amount}")
    int pay(@Param("id") long id, @Param("amount") BigDecimal amount, @Param("payTime") Instant payTime,
            @Param("from") OrderStatus from, @Param("to") OrderStatus to);

    /** A paid order whose money the provider gave back, and only exactly its price. */
    default int markRefunded(long id, BigDecimal amount) {
        return refund(id, amount, OrderStatus.PAID, OrderStatus.REFUNDED);
    }

    @Update("UPDATE seckill_order SET status = #{to} WHERE id = #{id} AND status = #{from} AND price = #{amount}")
    int refund(@Param("id") long id, @Param("amount") BigDecimal amount, @Param("from") OrderStatus from,
               @Param("to") OrderStatus to);

    @Update("UPDATE seckill_order SET stock_returned = 1 WHERE id = #{id} AND stock_returned = 0")
    int markStockReturned(long id);

    @Select("SELECT " + COLUMNS + " FROM seckill_order WHERE id = #{id}")
    Order findById(long id);

    /** Unpaid orders created before {@code before}: their close message is late or lost. */
    default List<Long> findUnpaidCreatedBefore(Instant before, int limit) {
        return findCreatedBefore(OrderStatus.PENDING, before, limit);
    }

    @Select("SELECT id FROM seckill_order WHERE status = #{status} AND create_time < #{before} ORDER BY create_time "
            + "LIMIT #{limit}")
    List<Long> findCreatedBefore(@Param("status") OrderStatus status, @Param("before") Instant before,
                                 @Param("limit") int limit);

    /** Ended orders whose unit has not reached Redis yet (the return was interrupted). */
    default List<Long> findEndedWithoutReturnBefore(Instant before, int limit) {
        return findWithoutReturnBefore(List.of(OrderStatus.CANCELLED, OrderStatus.CLOSED, OrderStatus.REFUNDED), before, limit);
    }

    @Select("<script>SELECT id FROM seckill_order WHERE status IN "
            + "<foreach collection='statuses' item='s' open='(' separator=',' close=')'>#{s}</foreach> "
            + "AND stock_returned = 0 AND update_time &lt; #{before} ORDER BY update_time LIMIT #{limit}</script>")
    List<Long> findWithoutReturnBefore(@Param("statuses") List<OrderStatus> statuses, @Param("before") Instant before,
                                       @Param("limit") int limit);

    /** Users holding a live (pending or paid) order: they hold a unit of the activity. */
    default List<Long> findLiveHolders(long activityId) {
        return findHolders(activityId, List.of(OrderStatus.PENDING, OrderStatus.PAID));
    }

    @Select("<script>SELECT user_id FROM seckill_order WHERE activity_id = #{activityId} AND status IN "
            + "<foreach collection='statuses' item='s' open='(' separator=',' close=')'>#{s}</foreach></script>")
    List<Long> findHolders(@Param("activityId") long activityId, @Param("statuses") List<OrderStatus> statuses);

    @Select("SELECT status, COUNT(*) AS orders FROM seckill_order WHERE activity_id = #{activityId} GROUP BY status")
    List<StatusCount> countByStatus(long activityId);

    record StatusCount(int status, long orders) {
    }

    @Select("SELECT COUNT(*) FROM seckill_activity WHERE id = #{activityId}")
    int activityExists(long activityId);

    @Select("SELECT " + COLUMNS + " FROM seckill_order WHERE request_id = #{requestId}")
    Order findByRequestId(String requestId);

    @Select("SELECT " + COLUMNS + " FROM seckill_order WHERE id = #{id} AND user_id = #{userId}")
    Order findOwned(@Param("id") long id, @Param("userId") long userId);

    @Select("SELECT " + COLUMNS + " FROM seckill_order WHERE user_id = #{userId} ORDER BY id DESC LIMIT #{limit}")
    List<Order> findByUser(@Param("userId") long userId, @Param("limit") int limit);
}
