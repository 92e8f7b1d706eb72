package com.seckill.order.infra;

import org.redisson.client.RedisException;
import org.springframework.amqp.AmqpException;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.jdbc.BadSqlGrammarException;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.transaction.TransactionSystemException;

/**
 * Tells an outage (MySQL, Redis or the broker unreachable or slow: retried for as long as it
 * lasts) from anything else (a constraint we do not expect, a bug: retried a bounded number of
 * times, or left to a sweeper), for every consumer of order-service.
 */
public final class Outages {

    private Outages() {
    }

    public static boolean isOutage(RuntimeException e) {
        if (e instanceof DataIntegrityViolationException || e instanceof InvalidDataAccessApiUsageException
                || e instanceof BadSqlGrammarException) {
            return false;
        }
        // no connection to begin a transaction with, or the commit lost its connection: MySQL is away
        return e instanceof DataAccessException || e instanceof CannotCreateTransactionException
                || e instanceof TransactionSystemException || e instanceof RedisException || e instanceof AmqpException;
    }
}
