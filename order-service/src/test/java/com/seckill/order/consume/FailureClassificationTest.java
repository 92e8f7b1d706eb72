package com.seckill.order.consume;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.amqp.AmqpConnectException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.data.redis.RedisConnectionFailureException;
import org.springframework.jdbc.CannotGetJdbcConnectionException;

class FailureClassificationTest {

    @Test
    void outagesOfMysqlRedisOrTheBrokerAreRetriedForAsLongAsTheyLast() {
        assertThat(OrderMessageListener.isSystemFailure(new CannotGetJdbcConnectionException("down"))).isTrue();
        assertThat(OrderMessageListener.isSystemFailure(new QueryTimeoutException("slow"))).isTrue();
        assertThat(OrderMessageListener.isSystemFailure(new RedisConnectionFailureException("down"))).isTrue();
        assertThat(OrderMessageListener.isSystemFailure(new AmqpConnectException(new RuntimeException()))).isTrue();
    }

    @Test
    void bugsAndUnexpectedConstraintsGetBoundedRetries() {
        assertThat(OrderMessageListener.isSystemFailure(new DataIntegrityViolationException("check failed"))).isFalse();
        assertThat(OrderMessageListener.isSystemFailure(new IllegalStateException("bug"))).isFalse();
        assertThat(OrderMessageListener.isSystemFailure(new NullPointerException())).isFalse();
    }
}
