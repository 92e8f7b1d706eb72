package com.seckill.common.error;

/**
 * A business fact that ends a request with a problem answer. Subclasses name the fact
 * ({@code SoldOut}, {@code PathExpired}); the code decides status and {@code code}.
 */
public class SeckillException extends RuntimeException {

    private final ErrorCode code;

    public SeckillException(ErrorCode code, String detail) {
        super(detail, null, false, false);
        this.code = code;
    }

    public ErrorCode code() {
        return code;
    }
}
