package com.seckill.seckill.activity;

import java.time.Instant;
import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Options;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

@Mapper
interface ActivityMapper {

    String COLUMNS = "id, goods_id, goods_name, price, stock_total, stock, start_time, end_time, captcha_required";

    @Insert("INSERT INTO seckill_activity (goods_id, goods_name, price, stock_total, stock, start_time, end_time, captcha_required) "
            + "VALUES (#{goodsId}, #{goodsName}, #{price}, #{stock}, #{stock}, #{startTime}, #{endTime}, #{captchaRequired})")
    @Options(useGeneratedKeys = true, keyProperty = "id")
    void insert(NewActivity activity);

    @Select("SELECT " + COLUMNS + " FROM seckill_activity WHERE id = #{id}")
    Activity findById(long id);

    /** Activities a shopper may still care about: not offline and not ended before {@code endedAfter}. */
    @Select("SELECT " + COLUMNS + " FROM seckill_activity WHERE status = 0 AND end_time > #{endedAfter} ORDER BY start_time, id")
    List<Activity> findCurrent(@Param("endedAfter") Instant endedAfter);
}
