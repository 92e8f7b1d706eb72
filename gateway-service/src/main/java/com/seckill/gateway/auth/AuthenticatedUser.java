package com.seckill.gateway.auth;

import java.util.Optional;
import org.springframework.web.server.ServerWebExchange;

/** The caller proven by a valid token, kept on the exchange for the filters that run after authentication. */
public record AuthenticatedUser(long userId, boolean admin) {

    private static final String ATTRIBUTE = AuthenticatedUser.class.getName();

    public static Optional<AuthenticatedUser> of(ServerWebExchange exchange) {
        return Optional.ofNullable(exchange.getAttribute(ATTRIBUTE));
    }

    void attachTo(ServerWebExchange exchange) {
        exchange.getAttributes().put(ATTRIBUTE, this);
    }
}
