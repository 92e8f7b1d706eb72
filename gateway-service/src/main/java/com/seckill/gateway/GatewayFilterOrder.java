package com.seckill.gateway;

import org.springframework.core.Ordered;

/**
 * Where the gateway's own filters sit. Web filters run for every request, routed or answered by the
 * gateway itself (demo token, blacklist admin, static page), cheapest refusals first: size, a path that is not
 * canonical, the blacklisted address, then the token, the blacklisted user, a sale just seen sold out, the
 * service's concurrency limit, and only then the rate limiter (whose shares with the other gateways cost Redis calls).
 * Global filters run for routed requests only, after the web filters and before Spring Cloud
 * Gateway's routing filters (which start at 10000).
 */
public final class GatewayFilterOrder {

    /** Counts the purchase attempts refused by the filters after it: it must see every one of them fail. */
    public static final int PURCHASE_REFUSALS = Ordered.HIGHEST_PRECEDENCE;

    /** Refuses oversized bodies before anything reads them. */
    public static final int REQUEST_SIZE = Ordered.HIGHEST_PRECEDENCE + 1;

    /** Puts the security headers on every answer, errors included. */
    public static final int SECURITY_HEADERS = REQUEST_SIZE + 10;

    /**
     * Refuses a path that is not canonical (contract §9), so every later decision, and routing, sees
     * one spelling of it. After the security headers, so the refusal carries them too.
     */
    public static final int CANONICAL_PATH = REQUEST_SIZE + 15;

    /** Answers CORS preflights and refuses origins that are not allowed, before a token is demanded. */
    public static final int CORS = REQUEST_SIZE + 20;

    /** A blacklisted client address is refused before its token is even parsed. */
    public static final int BLOCKED_ADDRESS = REQUEST_SIZE + 30;

    /**
     * Spring Security's chain: the firewall, the JWT verified as a resource server, the route rules (public, user,
     * admin). -100 is where the framework puts its {@code WebFilterChainProxy} (its package-private
     * {@code WebFluxSecurityConfiguration.WEB_FILTER_CHAIN_FILTER_ORDER}); the filters below are placed after it.
     */
    public static final int AUTHENTICATION = -100;

    /** Forwards only the verified identity (forged identity headers removed) and keeps the caller on the exchange. */
    public static final int VERIFIED_IDENTITY = AUTHENTICATION + 5;

    /** A blacklisted user is refused as soon as the token proved who it is. */
    public static final int BLOCKED_USER = AUTHENTICATION + 10;

    /** A path asked for on a waiting-room activity needs an admission: checked in memory, before anything costs more. */
    public static final int ADMISSION = AUTHENTICATION + 12;

    /** A sale seckill-service answered sold out a moment ago is answered here (no Redis, no routing). */
    public static final int SOLD_OUT = AUTHENTICATION + 13;

    /**
     * A waiting room's poll by a shopper still waiting is answered from the room's figures in memory: after the token
     * (the ticket is the user's) and before the concurrency limit, so the herd of a sale's start is never shed.
     */
    public static final int QUEUE_LOOK = AUTHENTICATION + 14;

    /** The adaptive concurrency limit of the service a request goes to: shed at once, before any Redis call. */
    public static final int OVERLOAD = AUTHENTICATION + 16;

    /** Per IP, user and activity token buckets, decided in memory (shared between gateways every 50 ms). */
    public static final int RATE_LIMIT = AUTHENTICATION + 20;

    /** Global filter: verifies the one-time purchase path's signature (no Redis call); needs the verified user id. */
    public static final int PURCHASE_PATH = -100;

    /** Global filter: replaces the client's JWT with the gateway's signed word for the forwarded request. */
    public static final int IDENTITY_RELAY = 0;

    private GatewayFilterOrder() {
    }
}
