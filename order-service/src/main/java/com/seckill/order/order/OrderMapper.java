package com.seckill.order.order;

import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Options;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

@Mapper
public interface OrderMapper {

    String COLUMNS = "id, order_no, request_id, user_id, activity_id, goods_id, goods_name, price, status, pay_time, create_time";

    @Insert("INSERT INTO seckill_order (order_no, request_id, user_id, activity_id, goods_id, goods_name, price, status) "
            + "VALUES (#{orderNo}, #{requestId}, #{userId}, #{activityId}, #{goodsId}, #{goodsName}, #{price}, 0)")
    @Options(useGeneratedKeys = true, keyProperty = "id")
    void insert(NewOrder order);

    /** The guard against oversell: matched equals changed because {@code stock > 0} is in the WHERE clause. */
    @Update("UPDATE seckill_activity SET stock = stock - 1 WHERE id = #{activityId} AND stock > 0")
    int takeStock(long activityId);

    @Select("SELECT COUNT(*) FROM seckill_activity WHERE id = #{activityId}")
    int activityExists(long activityId);

    @Select("SELECT " + COLUMNS + " FROM seckill_order WHERE request_id = #{requestId}")
    Order findByRequestId(String requestId);

    @Select("SELECT " + COLUMNS + " FROM seckill_order WHERE id = #{id} AND user_id = #{userId}")
    Order findOwned(@Param("id") long id, @Param("userId") long userId);

    @Select("SELECT " + COLUMNS + " FROM seckill_order WHERE user_id = #{userId} ORDER BY id DESC LIMIT #{limit}")
    List<Order> findByUser(@Param("userId") long userId, @Param("limit") int limit);
}
