package com.seckill.gateway.error;

import com.seckill.common.error.ErrorCode;
import com.seckill.common.error.SeckillException;
import io.netty.channel.ConnectTimeoutException;
import java.io.IOException;
import java.util.concurrent.TimeoutException;
import org.springframework.dao.DataAccessException;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.support.WebExchangeBindException;
import org.springframework.web.server.ResponseStatusException;

/**
 * What a failure means to the client: status, stable code and a detail that never echoes internals.
 *
 * @param status  HTTP status; usually {@code code.status()}, but kept when the framework chose a more
 *                precise one (405, 415)
 * @param outcome {@code UNKNOWN} when a request that changes something (a purchase, a payment) was sent to
 *                its service and no answer came back (a timeout, a connection closed or reset after the
 *                request went out): it may have been done. Null otherwise: a refusal means nothing was done.
 */
record Problem(int status, ErrorCode code, String detail, String outcome) {

    static final String UNKNOWN = "UNKNOWN";
    private static final String MALFORMED = "Malformed request: check the path, parameters and JSON body";
    private static final String UPSTREAM_DOWN = "The service is unavailable, try again shortly";
    private static final String UPSTREAM_SLOW = "The service did not answer in time, try again shortly";
    private static final String MAY_HAVE_BEEN_DONE = "The service did not answer: what you asked may have been done."
            + " Look before asking again (a purchase: your orders, GET /api/orders; a payment: the order's status)";
    private static final String SHADED_POOL = "reactor.netty.internal.shaded.reactor.pool.";

    Problem(int status, ErrorCode code, String detail) {
        this(status, code, detail, null);
    }

    static Problem of(ErrorCode code, String detail) {
        return new Problem(code.status(), code, detail);
    }

    /**
     * As {@link #from(Throwable)}, for a request that would change something if it reached its service
     * ({@code changes}: not GET, HEAD or OPTIONS): a failure after it was sent is answered 503 with
     * {@code outcome: UNKNOWN} rather than "try again", since trying again may do it twice or be refused
     * for what the first did (contract §10; docs/api.md).
     */
    static Problem from(Throwable failure, boolean changes) {
        Problem problem = from(failure);
        if (changes && problem.code() == ErrorCode.BUSY && mayHaveBeenSent(failure)) {
            return new Problem(problem.status(), problem.code(), MAY_HAVE_BEEN_DONE, UNKNOWN);
        }
        return problem;
    }

    /** A failure on the way back from the service: not a refused connection, not a pool without room, not a refusal here. */
    private static boolean mayHaveBeenSent(Throwable failure) {
        if (failure instanceof ResponseStatusException response) {
            return response.getStatusCode().value() == HttpStatus.GATEWAY_TIMEOUT.value();
        }
        if (causedBy(failure, java.net.ConnectException.class) || causedBy(failure, ConnectTimeoutException.class)
                || isPoolExhausted(failure) || causedBy(failure, DataAccessException.class)) {
            return false;
        }
        return causedBy(failure, TimeoutException.class) || causedBy(failure, IOException.class);
    }

    String title() {
        if (status == code.status()) {
            return code.title();
        }
        HttpStatus known = HttpStatus.resolve(status);
        return known != null ? known.getReasonPhrase() : code.title();
    }

    /** Whether nobody should have to look at it: an expected answer rather than a defect. */
    boolean expected() {
        return code != ErrorCode.INTERNAL;
    }

    static Problem from(Throwable failure) {
        if (failure instanceof SeckillException business) {
            return of(business.code(), business.getMessage());
        }
        if (failure instanceof WebExchangeBindException invalid) {
            return of(ErrorCode.BAD_REQUEST, invalidFields(invalid));
        }
        if (failure instanceof ResponseStatusException response) {
            return fromStatus(response.getStatusCode().value());
        }
        // A service that is down, resets the connection, closes it early, or a pool with no connection
        // to spare: the caller's "busy, retry", never a 500 (contract §11).
        if (causedBy(failure, TimeoutException.class)) {
            return of(ErrorCode.BUSY, UPSTREAM_SLOW);
        }
        if (causedBy(failure, IOException.class) || causedBy(failure, ConnectTimeoutException.class)
                || causedBy(failure, DataAccessException.class) || isPoolExhausted(failure)) {
            return of(ErrorCode.BUSY, UPSTREAM_DOWN);
        }
        return of(ErrorCode.INTERNAL, "Unexpected error");
    }

    /** Reactor Netty's connection pool refused to wait (its exceptions live in a shaded, internal package). */
    private static boolean isPoolExhausted(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t.getClass().getName().startsWith(SHADED_POOL + "PoolAcquire")) {
                return true;
            }
        }
        return false;
    }

    private static Problem fromStatus(int status) {
        // A gateway timeout is the caller's "busy, retry", like a missing instance: 503, the one 5xx there is.
        if (status == HttpStatus.GATEWAY_TIMEOUT.value()) {
            return of(ErrorCode.BUSY, UPSTREAM_SLOW);
        }
        ErrorCode code = ErrorCode.forStatus(status);
        String detail = switch (code) {
            case NOT_FOUND -> "No such resource";
            case METHOD_NOT_ALLOWED -> "Method not allowed on this resource";
            case UNSUPPORTED_MEDIA_TYPE -> "Send the body as application/json";
            case PAYLOAD_TOO_LARGE -> "Request body too large";
            case BUSY -> UPSTREAM_DOWN;
            case INTERNAL -> "Unexpected error";
            default -> MALFORMED;
        };
        return new Problem(status, code, detail);
    }

    private static String invalidFields(WebExchangeBindException invalid) {
        StringBuilder detail = new StringBuilder("Invalid request:");
        invalid.getFieldErrors().forEach(error ->
                detail.append(' ').append(error.getField()).append(' ').append(error.getDefaultMessage()).append(';'));
        return detail.toString();
    }

    private static boolean causedBy(Throwable failure, Class<? extends Throwable> type) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (type.isInstance(t)) {
                return true;
            }
        }
        return false;
    }
}
