package com.seckill.seckill.queue;

import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

/** Where each waiting room stands, as kept in MySQL ({@code waiting_room}; its settings are the activity's). */
@Mapper
interface WaitingRoomMapper {

    @Select("SELECT activity_id, admission_per_second, paused, seed, joined, drawn, serving FROM waiting_room WHERE activity_id = #{id}")
    KeptQueue find(long id);

    /** Positions only ever move forward: an instance with an older view cannot take them back. */
    @Update("UPDATE waiting_room SET joined = GREATEST(joined, #{joined}), serving = GREATEST(serving, #{serving}), "
            + "drawn = COALESCE(drawn, #{drawn}) WHERE activity_id = #{id}")
    void keep(@Param("id") long id, @Param("joined") long joined, @Param("serving") long serving, @Param("drawn") Long drawn);

    @Update("UPDATE waiting_room SET admission_per_second = #{rate} WHERE activity_id = #{id}")
    void setRate(@Param("id") long id, @Param("rate") int rate);

    @Update("UPDATE waiting_room SET paused = #{paused} WHERE activity_id = #{id}")
    void setPaused(@Param("id") long id, @Param("paused") boolean paused);
}
