package com.seckill.gateway.edge;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.LastHttpContent;

/**
 * Asks the connection for its next request once an answer has been written. Reactor Netty reads a
 * connection on demand, and 1.2 loses that demand when a keep-alive request arrived before the previous
 * exchange had finished (a client that sends as soon as it has read a response body): the request is
 * buffered, answered, and the buffer drains without anyone reading again, so the request after it is
 * never read and its client waits until it gives up (reactor/reactor-netty#4361, fixed after 1.2.18).
 * Measured on the gateway: a page, then two requests on one connection, the third unanswered on about
 * a third of connections. One read per answer is what the server asks for anyway; a connection that is
 * already reading by itself (auto-read) is left alone.
 */
@ChannelHandler.Sharable
final class ReadAfterEachAnswer extends ChannelOutboundHandlerAdapter {

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (!(msg instanceof LastHttpContent)) {
            ctx.write(msg, promise);
            return;
        }
        ChannelPromise written = promise.unvoid();
        written.addListener(done -> {
            if (done.isSuccess()) {
                Channel channel = ctx.channel();
                // after whatever Reactor Netty does with this answer's end on the event loop now
                channel.eventLoop().execute(() -> readNext(channel));
            }
        });
        ctx.write(msg, written);
    }

    private static void readNext(Channel channel) {
        if (channel.isActive() && !channel.config().isAutoRead()) {
            channel.read();
        }
    }
}
