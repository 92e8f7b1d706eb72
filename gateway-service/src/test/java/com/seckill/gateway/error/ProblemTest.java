package com.seckill.gateway.error;

import static org.assertj.core.api.Assertions.assertThat;

import com.seckill.common.error.ErrorCode;
import com.seckill.common.error.SeckillException;
import java.net.ConnectException;
import java.util.List;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.http.HttpStatus;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.server.ServerWebInputException;

class ProblemTest {

    @Test
    void businessFailureKeepsItsCodeAndDetail() {
        Problem problem = Problem.from(new SeckillException(ErrorCode.BAD_PATH, "reused"));

        assertThat(problem).isEqualTo(new Problem(403, ErrorCode.BAD_PATH, "reused"));
    }

    @Test
    void unknownPathIsNotFound() {
        assertThat(Problem.from(new ResponseStatusException(HttpStatus.NOT_FOUND)).code()).isEqualTo(ErrorCode.NOT_FOUND);
    }

    @Test
    void unreadableInputIsABadRequestWithoutParserDetails() {
        Problem problem = Problem.from(new ServerWebInputException("JSON parse error: Unexpected character at [Source: x]"));

        assertThat(problem.code()).isEqualTo(ErrorCode.BAD_REQUEST);
        assertThat(problem.detail()).doesNotContain("Source");
    }

    @Test
    void refusedConnectionToAServiceIsBusy() {
        Problem problem = Problem.from(new IllegalStateException("wrapped", new ConnectException("Connection refused")));

        assertThat(problem).extracting(Problem::status, Problem::code).containsExactly(503, ErrorCode.BUSY);
    }

    @Test
    void missingInstanceIsBusy() {
        assertThat(Problem.from(new ResponseStatusException(HttpStatus.SERVICE_UNAVAILABLE)).code())
                .isEqualTo(ErrorCode.BUSY);
    }

    @Test
    void upstreamTimeoutIsBusyAndTheOnly5xxIs503() {
        assertThat(Problem.from(new ResponseStatusException(HttpStatus.GATEWAY_TIMEOUT)))
                .extracting(Problem::status, Problem::code).containsExactly(503, ErrorCode.BUSY);
        assertThat(Problem.from(new TimeoutException()))
                .extracting(Problem::status, Problem::code).containsExactly(503, ErrorCode.BUSY);
    }

    @Test
    void redisFailureIsBusy() {
        assertThat(Problem.from(new QueryTimeoutException("Redis command timed out")).code()).isEqualTo(ErrorCode.BUSY);
    }

    @Test
    void anythingElseIsAnInternalErrorThatSaysNothing() {
        Problem problem = Problem.from(new NullPointerException("secret internals"));

        assertThat(problem).isEqualTo(new Problem(500, ErrorCode.INTERNAL, "Unexpected error"));
        assertThat(problem.expected()).isFalse();
    }

    @Test
    void frameworkStatusWithoutItsOwnCodeKeepsTheStatus() {
        Problem problem = Problem.from(new ResponseStatusException(HttpStatus.METHOD_NOT_ALLOWED));

        assertThat(problem).extracting(Problem::status, Problem::code).containsExactly(405, ErrorCode.METHOD_NOT_ALLOWED);
        assertThat(problem.title()).isEqualTo("Method not allowed");
    }

    @Test
    void aResetAnEarlyCloseOrAnExhaustedPoolIsBusyNotInternal() {
        assertThat(Problem.from(new RuntimeException(new java.io.IOException("recvAddress(..) failed: Connection reset by peer"))))
                .extracting(Problem::status, Problem::code).containsExactly(503, ErrorCode.BUSY);
        assertThat(Problem.from(new java.net.ConnectException("Connection refused")).code()).isEqualTo(ErrorCode.BUSY);
        assertThat(Problem.from(reactor.netty.http.client.PrematureCloseException.TEST_EXCEPTION).code()).isEqualTo(ErrorCode.BUSY);
        assertThat(Problem.from(new reactor.netty.internal.shaded.reactor.pool.PoolAcquirePendingLimitException(32)))
                .extracting(Problem::status, Problem::code).containsExactly(503, ErrorCode.BUSY);
        assertThat(Problem.from(new IllegalStateException("a defect")).code()).isEqualTo(ErrorCode.INTERNAL);
    }

    @Test
    void aChangeSentToItsServiceAndUnansweredHasAnUnknownOutcomeARefusedOneDoesNot() {
        for (Throwable unanswered : List.<Throwable>of(new TimeoutException(), new ResponseStatusException(HttpStatus.GATEWAY_TIMEOUT),
                reactor.netty.http.client.PrematureCloseException.TEST_EXCEPTION,
                new RuntimeException(new java.io.IOException("Connection reset by peer")))) {
            assertThat(Problem.from(unanswered, true)).as(unanswered.toString())
                    .extracting(Problem::status, Problem::code, Problem::outcome).containsExactly(503, ErrorCode.BUSY, Problem.UNKNOWN);
            assertThat(Problem.from(unanswered, true).detail()).contains("may have been done");
            assertThat(Problem.from(unanswered, false).outcome()).as("a read: just try again").isNull();
        }
        for (Throwable notSent : List.<Throwable>of(new java.net.ConnectException("Connection refused"),
                new reactor.netty.internal.shaded.reactor.pool.PoolAcquirePendingLimitException(32),
                new QueryTimeoutException("Redis command timed out"), new SeckillException(ErrorCode.BUSY, "shed"),
                new ResponseStatusException(HttpStatus.SERVICE_UNAVAILABLE))) {
            assertThat(Problem.from(notSent, true).outcome()).as(notSent.toString()).isNull();
            assertThat(Problem.from(notSent, true).code()).isEqualTo(ErrorCode.BUSY);
        }
    }
}
