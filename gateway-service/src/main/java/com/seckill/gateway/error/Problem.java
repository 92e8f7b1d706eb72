package com.seckill.gateway.error;

import com.seckill.common.error.ErrorCode;
import com.seckill.common.error.SeckillException;
import io.netty.channel.ConnectTimeoutException;
import java.net.ConnectException;
import java.util.concurrent.TimeoutException;
import org.springframework.dao.DataAccessException;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.support.WebExchangeBindException;
import org.springframework.web.server.ResponseStatusException;

/**
 * What a failure means to the client: status, stable code and a detail that never echoes internals.
 *
 * @param status HTTP status; usually {@code code.status()}, but kept when the framework chose a more
 *               precise one (405, 415, 504)
 */
record Problem(int status, ErrorCode code, String detail) {

    private static final String MALFORMED = "Malformed request: check the path, parameters and JSON body";
    private static final String UPSTREAM_DOWN = "The service is unavailable, try again shortly";
    private static final String UPSTREAM_SLOW = "The service did not answer in time, try again shortly";

    static Problem of(ErrorCode code, String detail) {
        return new Problem(code.status(), code, detail);
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
        if (causedBy(failure, ConnectException.class) || causedBy(failure, ConnectTimeoutException.class)) {
            return of(ErrorCode.BUSY, UPSTREAM_DOWN);
        }
        if (causedBy(failure, TimeoutException.class)) {
            return new Problem(HttpStatus.GATEWAY_TIMEOUT.value(), ErrorCode.BUSY, UPSTREAM_SLOW);
        }
        if (causedBy(failure, DataAccessException.class)) {
            return of(ErrorCode.BUSY, UPSTREAM_DOWN);
        }
        return of(ErrorCode.INTERNAL, "Unexpected error");
    }

    private static Problem fromStatus(int status) {
        // A gateway timeout is the caller's "busy, retry", like a missing instance (503).
        if (status == HttpStatus.GATEWAY_TIMEOUT.value()) {
            return new Problem(status, ErrorCode.BUSY, UPSTREAM_SLOW);
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
