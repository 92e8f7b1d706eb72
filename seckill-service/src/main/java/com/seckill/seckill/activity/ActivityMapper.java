package com.seckill.seckill.activity;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Options;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

@Mapper
interface ActivityMapper {

    String COLUMNS = "id, goods_id, goods_name, price, stock_total, stock, start_time, end_time, captcha_required, buckets";

    @Insert("INSERT INTO seckill_activity (goods_id, goods_name, price, stock_total, stock, start_time, end_time, captcha_required, buckets) "
            + "VALUES (#{goodsId}, #{goodsName}, #{price}, #{stock}, #{stock}, #{startTime}, #{endTime}, #{captchaRequired}, #{buckets})")
    @Options(useGeneratedKeys = true, keyProperty = "id")
    void insert(NewActivity activity);

    @Insert("INSERT INTO waiting_room (activity_id, admission_per_second, opens_before_seconds, admission_seconds, seed) "
            + "VALUES (#{activityId}, #{room.admissionPerSecond}, #{room.opensBeforeSeconds}, #{room.admissionSeconds}, #{room.seed})")
    void insertRoom(@Param("activityId") long activityId, @Param("room") WaitingRoomSettings room);

    /** The waiting rooms of the activities {@link #findCurrent} answers. */
    @Select("SELECT w.activity_id, w.admission_per_second, w.opens_before_seconds, w.admission_seconds, w.seed "
            + "FROM waiting_room w JOIN seckill_activity a ON a.id = w.activity_id WHERE a.status = 0 AND a.end_time > #{endedAfter}")
    List<Map<String, Object>> findCurrentRooms(@Param("endedAfter") Instant endedAfter);

    @Select("SELECT " + COLUMNS + " FROM seckill_activity WHERE id = #{id}")
    Activity findById(long id);

    /** Activities a shopper may still care about: not offline and not ended before {@code endedAfter}. */
    @Select("SELECT " + COLUMNS + " FROM seckill_activity WHERE status = 0 AND end_time > #{endedAfter} ORDER BY start_time, id")
    List<Activity> findCurrent(@Param("endedAfter") Instant endedAfter);
}
