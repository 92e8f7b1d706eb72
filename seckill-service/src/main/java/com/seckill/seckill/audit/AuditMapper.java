package com.seckill.seckill.audit;

import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

@Mapper
interface AuditMapper {

    @Insert("INSERT INTO activity_audit (actor_id, action, activity_id, before_json, after_json) "
            + "VALUES (#{actorId}, #{action}, #{activityId}, #{before}, #{after})")
    void insert(@Param("actorId") long actorId, @Param("action") String action, @Param("activityId") Long activityId,
                @Param("before") String before, @Param("after") String after);

    @Select("SELECT id, actor_id, action, activity_id, before_json AS `before`, after_json AS `after`, create_time AS `at` FROM activity_audit "
            + "ORDER BY id DESC LIMIT #{limit}")
    List<AuditEntry> latest(@Param("limit") int limit);
}
