package com.seckill.order.consume;

import com.seckill.common.message.OrderMessage;
import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

/** mq_consume_log: one row per message id, so a redelivered message is recognised and not redone. */
@Mapper
public interface ConsumeLogMapper {

    @Insert("INSERT INTO mq_consume_log (message_id, queue, outcome, user_id) "
            + "VALUES (#{m.requestId}, #{queue}, #{outcome}, #{m.userId})")
    void insert(@Param("m") OrderMessage message, @Param("queue") String queue, @Param("outcome") String outcome);

    /** One row per message of a batch, in one statement. */
    @Insert("<script>INSERT INTO mq_consume_log (message_id, queue, outcome, user_id) VALUES "
            + "<foreach collection='messages' item='m' separator=','>(#{m.requestId}, #{queue}, #{outcome}, #{m.userId})"
            + "</foreach></script>")
    void insertAll(@Param("messages") List<OrderMessage> messages, @Param("queue") String queue,
                   @Param("outcome") String outcome);

    @Select("SELECT outcome FROM mq_consume_log WHERE message_id = #{messageId}")
    String findOutcome(String messageId);

    /** How a request was settled: its outcome and who sent it (null for rows written before user_id existed). */
    @Select("SELECT message_id AS request_id, user_id, outcome FROM mq_consume_log WHERE message_id = #{requestId}")
    ConsumeRecord find(String requestId);

    record ConsumeRecord(String requestId, Long userId, String outcome) {
    }
}
