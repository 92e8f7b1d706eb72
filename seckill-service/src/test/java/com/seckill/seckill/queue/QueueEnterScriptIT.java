package com.seckill.seckill.queue;

import static org.assertj.core.api.Assertions.assertThat;

import com.seckill.common.redis.SeckillKeys;
import com.seckill.seckill.SeckillServiceIT;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * The join script on the real Redis at the moment of the start (contract §11, rule 1): a join that comes
 * after the start queues behind everyone who came before it, even when no tick has drawn them yet (the
 * ticker draws at most every 200 ms, and a crowd arrives in that time).
 */
class QueueEnterScriptIT extends SeckillServiceIT {

    private static final long START = 1_800_000_000_000L;

    @Autowired
    StringRedisTemplate redis;

    private long openRoom(long joined) {
        long activityId = uniqueId();
        redis.opsForHash().putAll(SeckillKeys.queue(activityId), Map.of("rate", "10", "paused", "0", "joined", Long.toString(joined),
                "serving", "0"));
        redis.opsForValue().set(SeckillKeys.stock(activityId), "100");
        return activityId;
    }

    private List<?> join(long activityId, long userId, long now) {
        return redis.execute(QueueService.ENTER,
                List.of(SeckillKeys.queue(activityId), SeckillKeys.queueMembers(activityId), SeckillKeys.queueAdmitted(activityId),
                        SeckillKeys.users(activityId), SeckillKeys.stock(activityId), SeckillKeys.queueLeft(activityId)),
                Long.toString(userId), "join", "", Long.toString(now), Long.toString(START));
    }

    @Test
    void aJoinBeforeTheStartIsOneMoreToBeDrawn() {
        long activityId = openRoom(5);
        List<?> answer = join(activityId, 6, START - 1);
        assertThat(answer.get(0)).isEqualTo("OK");
        assertThat(answer.get(1)).as("join number").isEqualTo("6");
        assertThat(redis.opsForHash().get(SeckillKeys.queue(activityId), "drawn")).as("no draw before the start").isNull();
    }

    @Test
    void theFirstJoinAtTheStartDrawsThoseBeforeItAndQueuesBehindThem() {
        long activityId = openRoom(5);
        List<?> answer = join(activityId, 6, START);
        assertThat(answer.get(1)).as("join number").isEqualTo("6");
        assertThat(answer.get(3)).as("drawn: the five who came before").isEqualTo("5");
        assertThat(redis.opsForHash().get(SeckillKeys.queue(activityId), "tick")).as("admission counts from the draw")
                .isEqualTo(Long.toString(START));
        assertThat(join(activityId, 7, START + 50).get(3)).as("later joins leave the draw as it was").isEqualTo("5");
        assertThat(join(activityId, 6, START + 60).get(1)).as("joining again is the same place").isEqualTo("6");
    }

    @Test
    void aDrawTheTickerMadeIsNeverRedrawn() {
        long activityId = openRoom(5);
        redis.opsForHash().put(SeckillKeys.queue(activityId), "drawn", "3");
        List<?> answer = join(activityId, 9, START + 1_000);
        assertThat(answer.get(3)).isEqualTo("3");
        assertThat(answer.get(1)).isEqualTo("6");
    }
}
