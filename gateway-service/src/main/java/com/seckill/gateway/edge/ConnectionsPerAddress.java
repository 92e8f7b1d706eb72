package com.seckill.gateway.edge;

import com.seckill.gateway.client.ClientAddresses;
import io.micrometer.core.instrument.Counter;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.util.ReferenceCountUtil;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.concurrent.ConcurrentHashMap;

/**
 * At most {@code per-address} open connections from one client address: the public port's file descriptors and
 * event loops are not one client's to fill, with connections that never finish a request (no rate limit sees
 * those). A connection beyond its address's share is still accepted, so that its client learns why: its first
 * request is answered 429 RATE_LIMITED with {@code Connection: close} and the connection closed. Counted by the
 * TCP peer; a trusted proxy's connections carry many clients and are not counted. As a handler, it is what an
 * over-share connection has in front of Reactor Netty.
 */
@ChannelHandler.Sharable
final class ConnectionsPerAddress extends ChannelInboundHandlerAdapter {

    private final ConcurrentHashMap<InetAddress, Integer> open = new ConcurrentHashMap<>();
    private final int share;
    private final ClientAddresses clients;
    private final Counter refused;
    private final CannedAnswer refusal = CannedAnswer.problem(HttpResponseStatus.TOO_MANY_REQUESTS, "Too many requests", "RATE_LIMITED",
            "Too many connections from your address at once: send your requests over fewer connections");

    ConnectionsPerAddress(int share, ClientAddresses clients, Counter refused) {
        this.share = share;
        this.clients = clients;
        this.refused = refused;
    }

    /** Counts a new connection in until it closes; false when it is beyond its address's share. */
    boolean admit(Channel channel, SocketAddress remote) {
        if (share == 0 || !(remote instanceof InetSocketAddress inet) || inet.getAddress() == null
                || clients.isTrustedProxy(inet.getAddress())) {
            return true;
        }
        InetAddress address = inet.getAddress();
        int count = open.merge(address, 1, Integer::sum);
        channel.closeFuture().addListener(closed -> open.computeIfPresent(address, (a, n) -> n == 1 ? null : n - 1));
        return count <= share;
    }

    /** Open connections from {@code address} (for the tests). */
    int open(InetAddress address) {
        return open.getOrDefault(address, 0);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof HttpRequest request)) {
            ReferenceCountUtil.release(msg);
            return;
        }
        ReferenceCountUtil.release(msg);
        refused.increment();
        ctx.channel().config().setAutoRead(false);
        EncodedAnswers raw = HttpMethod.HEAD.equals(request.method()) ? null : EncodedAnswers.of(ctx.channel());
        ByteBuf bytes = raw == null ? null : refusal.encoded(0, true);
        (bytes != null ? raw.writeAndFlushEncoded(bytes) : ctx.writeAndFlush(refusal.response(0, true)))
                .addListener(ChannelFutureListener.CLOSE);
    }
}
