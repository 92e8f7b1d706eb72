package com.seckill.gateway.error;

import static org.assertj.core.api.Assertions.assertThat;

import com.seckill.common.error.ErrorCode;
import com.seckill.common.error.SeckillException;
import java.net.ConnectException;
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
    void upstreamTimeoutIsAGatewayTimeoutWithTheBusyCode() {
        assertThat(Problem.from(new ResponseStatusException(HttpStatus.GATEWAY_TIMEOUT)))
                .extracting(Problem::status, Problem::code).containsExactly(504, ErrorCode.BUSY);
        assertThat(Problem.from(new TimeoutException()))
                .extracting(Problem::status, Problem::code).containsExactly(504, ErrorCode.BUSY);
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
}
