package com.seckill.common.trust;

import java.util.Set;

/**
 * Who is calling an inner service, as proven by an {@link InternalTokens internal token}.
 *
 * @param issuer  {@link InternalTokens#GATEWAY} for a request the gateway forwarded, else the calling service's name
 * @param userId  the shopper the gateway verified; null for an anonymous request or a service
 * @param admin   whether the gateway verified the ADMIN role
 * @param scopes  what a service may do ({@link Scopes}); empty for forwarded requests
 * @param method  the HTTP method the gateway forwarded (forwarded requests only)
 * @param path    the raw path the gateway forwarded (forwarded requests only)
 */
public record Caller(String issuer, Long userId, boolean admin, Set<String> scopes, String method, String path) {

    public boolean forwardedByGateway() {
        return InternalTokens.GATEWAY.equals(issuer);
    }

    public boolean may(String scope) {
        return !forwardedByGateway() && scopes.contains(scope);
    }
}
