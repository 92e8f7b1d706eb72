package com.seckill.order.consume;

import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

/** mq_consume_log: one row per message id, so a redelivered message is recognised and not redone. */
@Mapper
interface ConsumeLogMapper {

    @Insert("INSERT INTO mq_consume_log (message_id, queue, outcome) VALUES (#{messageId}, #{queue}, #{outcome})")
    void insert(@Param("messageId") String messageId, @Param("queue") String queue, @Param("outcome") String outcome);

    /** One row per message id of a batch, in one statement. */
    @Insert("<script>INSERT INTO mq_consume_log (message_id, queue, outcome) VALUES "
            + "<foreach collection='messageIds' item='messageId' separator=','>(#{messageId}, #{queue}, #{outcome})</foreach>"
            + "</script>")
    void insertAll(@Param("messageIds") List<String> messageIds, @Param("queue") String queue,
                   @Param("outcome") String outcome);

    @Select("SELECT outcome FROM mq_consume_log WHERE message_id = #{messageId}")
    String findOutcome(String messageId);
}
