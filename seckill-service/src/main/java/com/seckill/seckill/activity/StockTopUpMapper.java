package com.seckill.seckill.activity;

import java.time.Instant;
import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Options;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

/** {@code stock_top_up} and the stock columns a top-up raises. */
@Mapper
interface StockTopUpMapper {

    /** The activity row, locked until the transaction ends: top-ups of one activity follow one another. */
    @Select("SELECT " + ActivityMapper.COLUMNS + " FROM seckill_activity WHERE id = #{id} FOR UPDATE")
    Activity lock(long id);

    @Update("UPDATE seckill_activity SET stock_total = stock_total + #{units}, stock = stock + #{units} WHERE id = #{id}")
    int raise(@Param("id") long id, @Param("units") int units);

    @Insert("INSERT INTO stock_top_up (activity_id, units, actor_id) VALUES (#{activityId}, #{units}, #{actorId})")
    @Options(useGeneratedKeys = true, keyProperty = "id")
    void insert(NewTopUp topUp);

    /** The ids of the top-ups an activity's stock columns include. */
    @Select("SELECT id FROM stock_top_up WHERE activity_id = #{activityId} ORDER BY id")
    List<Long> ids(long activityId);

    /** The top-ups of activities still on sale or to come, for the ones Redis has not been given yet. */
    @Select("SELECT t.id, t.activity_id, t.units FROM stock_top_up t JOIN seckill_activity a ON a.id = t.activity_id "
            + "WHERE a.status = 0 AND a.end_time > #{now} ORDER BY t.id")
    List<TopUp> ofLiveActivities(@Param("now") Instant now);
}
