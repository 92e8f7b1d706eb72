package com.seckill.order.infra;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.amqp.AmqpConnectException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.data.redis.RedisConnectionFailureException;
import org.springframework.jdbc.CannotGetJdbcConnectionException;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.transaction.TransactionSystemException;

class OutagesTest {

    @Test
    void outagesOfMysqlRedisOrTheBrokerAreRetriedForAsLongAsTheyLast() {
        assertThat(Outages.isOutage(new CannotGetJdbcConnectionException("down"))).isTrue();
        assertThat(Outages.isOutage(new QueryTimeoutException("slow"))).isTrue();
        assertThat(Outages.isOutage(new RedisConnectionFailureException("down"))).isTrue();
        assertThat(Outages.isOutage(new AmqpConnectException(new RuntimeException()))).isTrue();
        assertThat(Outages.isOutage(new CannotCreateTransactionException("no connection to begin with"))).isTrue();
        assertThat(Outages.isOutage(new TransactionSystemException("commit lost its connection"))).isTrue();
    }

    @Test
    void bugsAndUnexpectedConstraintsGetBoundedRetries() {
        assertThat(Outages.isOutage(new DataIntegrityViolationException("check failed"))).isFalse();
        assertThat(Outages.isOutage(new IllegalStateException("bug"))).isFalse();
        assertThat(Outages.isOutage(new NullPointerException())).isFalse();
    }
}
