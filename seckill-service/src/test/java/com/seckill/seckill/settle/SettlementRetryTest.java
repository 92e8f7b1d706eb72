package com.seckill.seckill.settle;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.amqp.AmqpConnectException;
import org.springframework.amqp.AmqpRejectAndDontRequeueException;
import org.springframework.amqp.rabbit.support.ListenerExecutionFailedException;
import org.springframework.data.redis.RedisConnectionFailureException;
import org.springframework.retry.RetryContext;
import org.springframework.retry.RetryPolicy;

/** How many times the settlement consumer tries a message, by what went wrong. */
class SettlementRetryTest {

    /** Attempts the policy allows for this failure of the listener (as the container reports it), up to 100. */
    private static int attemptsFor(Throwable cause) {
        RetryPolicy policy = SettlementRetry.policy();
        RetryContext context = policy.open(null);
        Throwable failure = new ListenerExecutionFailedException("listener failed", cause);
        int attempts = 0;
        do {
            attempts++;
            policy.registerThrowable(context, failure);
        } while (policy.canRetry(context) && attempts < 100);
        return attempts;
    }

    @Test
    void anUnreadableMessageIsNotTriedAgain() {
        assertThat(attemptsFor(new AmqpRejectAndDontRequeueException("unreadable"))).isEqualTo(1);
    }

    @Test
    void redisOrTheBrokerAwayIsTriedForAsLongAsItLasts() {
        assertThat(attemptsFor(new RedisConnectionFailureException("Redis away"))).isEqualTo(100);
        assertThat(attemptsFor(new AmqpConnectException(new RuntimeException("broker away")))).isEqualTo(100);
    }

    @Test
    void anyOtherFailureIsTriedAFewTimesThenDeadLettered() {
        assertThat(attemptsFor(new IllegalStateException("a bug"))).isEqualTo(SettlementRetry.ATTEMPTS);
    }
}
