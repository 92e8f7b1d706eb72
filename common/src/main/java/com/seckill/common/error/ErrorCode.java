package com.seckill.common.error;

/** The stable {@code code} property of every problem+json answer (contract §4), with its HTTP status. */
public enum ErrorCode {
    BAD_REQUEST(400, "Bad request"),
    BAD_SIGNATURE(400, "Bad signature"),
    UNAUTHENTICATED(401, "Unauthenticated"),
    FORBIDDEN(403, "Forbidden"),
    NOT_STARTED(403, "Not started"),
    ENDED(403, "Ended"),
    BAD_PATH(403, "Bad path"),
    BLOCKED(403, "Blocked"),
    BAD_CAPTCHA(403, "Bad captcha"),
    NOT_ADMITTED(403, "Not admitted"),
    NOT_FOUND(404, "Not found"),
    METHOD_NOT_ALLOWED(405, "Method not allowed"),
    DUPLICATE(409, "Already purchased"),
    CONFLICT(409, "Conflict"),
    SOLD_OUT(410, "Sold out"),
    PAYLOAD_TOO_LARGE(413, "Payload too large"),
    UNSUPPORTED_MEDIA_TYPE(415, "Unsupported media type"),
    RATE_LIMITED(429, "Too many requests"),
    INTERNAL(500, "Internal error"),
    BUSY(503, "Busy");

    private final int status;
    private final String title;

    ErrorCode(int status, String title) {
        this.status = status;
        this.title = title;
    }

    public int status() {
        return status;
    }

    public String title() {
        return title;
    }

    /** The code a bare HTTP status maps to when no business code was raised. */
    public static ErrorCode forStatus(int status) {
        return switch (status) {
            case 401 -> UNAUTHENTICATED;
            case 403 -> FORBIDDEN;
            case 404 -> NOT_FOUND;
            case 405 -> METHOD_NOT_ALLOWED;
            case 409 -> CONFLICT;
            case 413 -> PAYLOAD_TOO_LARGE;
            case 415 -> UNSUPPORTED_MEDIA_TYPE;
            case 429 -> RATE_LIMITED;
            case 503 -> BUSY;
            default -> status >= 500 ? INTERNAL : BAD_REQUEST;
        };
    }
}
