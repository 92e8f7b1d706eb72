package com.seckill.gateway.warmup;

import java.security.SecureRandom;
import java.util.HexFormat;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.stereotype.Component;

/**
 * What marks the gateway's own warm-up requests: a random value of this process, in a header, for as long as the
 * warm-up lasts. They all come from this machine's one address, so the per-address rate limit lets them by
 * (it meters shoppers); nothing else treats them apart. Once the warm-up is over no request carries it, and
 * checking costs a field read.
 */
@Component
public class WarmUpPass {

    static final String HEADER = "X-Seckill-Warm-Up";

    private volatile String value = HexFormat.of().formatHex(new SecureRandom().generateSeed(16));

    /** Whether {@code request} is one of the warm-up's own. */
    public boolean carries(ServerHttpRequest request) {
        String current = value;
        return current != null && current.equals(request.getHeaders().getFirst(HEADER));
    }

    String value() {
        return value;
    }

    void over() {
        value = null;
    }
}
