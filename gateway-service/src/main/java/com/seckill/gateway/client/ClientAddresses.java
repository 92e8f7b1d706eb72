package com.seckill.gateway.client;

import io.netty.util.NetUtil;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;

/**
 * The address a request really comes from: the peer of the TCP connection, unless that peer is one of
 * the configured trusted proxies, in which case X-Forwarded-For is read from the right, skipping
 * trusted hops, and the first untrusted hop is the client. Anything a client could have written
 * itself (the left end of the header) is never believed.
 */
@Component
public class ClientAddresses {

    static final String FORWARDED_FOR = "X-Forwarded-For";
    private static final String ATTRIBUTE = ClientAddresses.class.getName();
    private static final String UNKNOWN = "unknown";

    private final List<AddressRange> trusted;

    ClientAddresses(ClientProperties properties) {
        this.trusted = properties.trustedProxies().stream().filter(s -> !s.isBlank()).map(AddressRange::parse).toList();
    }

    /** Canonical text of the client address (RFC 5952 for IPv6), resolved once per request. */
    public String of(ServerWebExchange exchange) {
        String known = exchange.getAttribute(ATTRIBUTE);
        if (known != null) {
            return known;
        }
        InetSocketAddress remote = exchange.getRequest().getRemoteAddress();
        InetAddress peer = remote == null ? null : remote.getAddress();
        String client = peer == null ? UNKNOWN
                : canonical(resolve(peer, exchange.getRequest().getHeaders().getOrEmpty(FORWARDED_FOR)));
        exchange.getAttributes().put(ATTRIBUTE, client);
        return client;
    }

    InetAddress resolve(InetAddress peer, List<String> forwardedHeaders) {
        if (trusted.isEmpty() || !isTrustedProxy(peer)) {
            return peer;
        }
        List<String> hops = new ArrayList<>();
        for (String header : forwardedHeaders) {
            for (String hop : header.split(",")) {
                hops.add(hop.strip());
            }
        }
        InetAddress client = peer;
        for (int i = hops.size() - 1; i >= 0 && isTrustedProxy(client); i--) {
            InetAddress hop = literal(stripPort(hops.get(i)));
            if (hop == null) {
                // A garbled hop: the last address a trusted proxy vouched for is as far as we can see.
                break;
            }
            client = hop;
        }
        return client;
    }

    /** Whether {@code address} is one of the configured trusted proxies (its connections carry many clients). */
    public boolean isTrustedProxy(InetAddress address) {
        return trusted.stream().anyMatch(range -> range.contains(address));
    }

    /** Canonical text of an IP literal, or empty when the text is not one (host names are never looked up). */
    public static Optional<String> canonicalLiteral(String text) {
        InetAddress address = text == null ? null : literal(text.strip());
        return Optional.ofNullable(address).map(ClientAddresses::canonical);
    }

    static String canonical(InetAddress address) {
        return NetUtil.toAddressString(address);
    }

    static InetAddress literal(String text) {
        byte[] bytes = NetUtil.createByteArrayFromIpAddressString(text);
        // Netty accepts an IPv6 zone ("fe80::1%eth0"); an address a client sends has no business with one.
        if (bytes == null || text.indexOf('%') >= 0) {
            return null;
        }
        return AddressRange.fromBytes(bytes);
    }

    private static String stripPort(String hop) {
        if (hop.startsWith("[")) {
            int close = hop.indexOf(']');
            return close < 0 ? hop : hop.substring(1, close);
        }
        int colon = hop.indexOf(':');
        if (colon > 0 && colon == hop.lastIndexOf(':') && hop.indexOf('.') > 0) {
            return hop.substring(0, colon);
        }
        return hop;
    }
}
