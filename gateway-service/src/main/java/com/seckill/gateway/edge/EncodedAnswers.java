package com.seckill.gateway.edge;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import reactor.netty.NettyPipeline;

/**
 * A connection's way to send an answer that is already encoded (status line, headers and body), past
 * its HTTP encoder: a prebuilt refusal costs a write instead of a response object, a header encoding
 * and a buffer. The answer pairs with the oldest request not answered yet, as an encoded one would.
 */
public interface EncodedAnswers {

    /** Writes and flushes {@code answer}, whole; it must not be the answer to a HEAD (it has a body). */
    ChannelFuture writeAndFlushEncoded(ByteBuf answer);

    /** The connection's, or null when its HTTP codec is not the gateway's (nothing may be written past it). */
    static EncodedAnswers of(Channel channel) {
        return channel.pipeline().get(NettyPipeline.HttpCodec) instanceof EncodedAnswers answers ? answers : null;
    }
}
