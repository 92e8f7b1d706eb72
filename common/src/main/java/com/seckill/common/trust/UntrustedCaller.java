package com.seckill.common.trust;

/** The call carries no internal token, or one that is forged, expired or meant for something else. */
public class UntrustedCaller extends RuntimeException {

    public UntrustedCaller(String message) {
        super(message, null, false, false);
    }
}
