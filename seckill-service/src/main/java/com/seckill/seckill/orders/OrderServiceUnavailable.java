package com.seckill.seckill.orders;

/** order-service could not answer now; whoever asked tries again later. */
public class OrderServiceUnavailable extends RuntimeException {

    OrderServiceUnavailable(String message, Throwable cause) {
        super(message, cause, false, false);
    }
}
