package com.seckill.gateway.edge;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.CombinedChannelDuplexHandler;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpRequestDecoder;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseEncoder;
import io.netty.handler.codec.http.HttpServerUpgradeHandler;
import io.netty.handler.codec.http.HttpStatusClass;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Queue;

/**
 * Netty's {@code HttpServerCodec}, except that a request carrying both Content-Length and
 * Transfer-Encoding is a decoding failure (400, connection closed) instead of being read by its chunks
 * with the length dropped: a front proxy that believed the length would see the rest of the body as the
 * next request (request smuggling, RFC 9112 §6.3 says such a message ought to be handled as an error).
 * {@code HttpServerCodec} is final and builds its decoder inside, so the pairing of request methods
 * with responses (a HEAD's response has no body) is repeated here as it is there. An answer written already
 * encoded ({@link EncodedAnswers}) takes its request's place in that pairing as an encoded one would.
 */
final class StrictHttpServerCodec extends CombinedChannelDuplexHandler<HttpRequestDecoder, HttpResponseEncoder>
        implements HttpServerUpgradeHandler.SourceCodec, EncodedAnswers {

    private final Queue<HttpMethod> methods = new ArrayDeque<>();
    /** This codec's place in its connection's pipeline: what is written from it skips the encoder. */
    private ChannelHandlerContext context;

    StrictHttpServerCodec(HttpDecoderConfig config) {
        init(new RequestDecoder(config), new ResponseEncoder());
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) throws Exception {
        context = ctx;
        super.handlerAdded(ctx);
    }

    @Override
    public void upgradeFrom(ChannelHandlerContext ctx) {
        ctx.pipeline().remove(this);
    }

    @Override
    public ChannelFuture writeAndFlushEncoded(ByteBuf answer) {
        methods.poll();
        return context.writeAndFlush(answer);
    }

    private final class RequestDecoder extends HttpRequestDecoder {

        RequestDecoder(HttpDecoderConfig config) {
            super(config);
        }

        @Override
        protected void decode(ChannelHandlerContext ctx, ByteBuf buffer, List<Object> out) throws Exception {
            int before = out.size();
            super.decode(ctx, buffer, out);
            for (int i = before; i < out.size(); i++) {
                if (out.get(i) instanceof HttpRequest request) {
                    methods.add(request.method());
                }
            }
        }

        @Override
        protected void handleTransferEncodingChunkedWithContentLength(HttpMessage message) {
            throw new IllegalArgumentException("Content-Length and Transfer-Encoding in one request");
        }
    }

    private final class ResponseEncoder extends HttpResponseEncoder {

        private HttpMethod method;

        @Override
        protected void sanitizeHeadersBeforeEncode(HttpResponse msg, boolean isAlwaysEmpty) {
            if (!isAlwaysEmpty && HttpMethod.CONNECT.equals(method) && msg.status().codeClass() == HttpStatusClass.SUCCESS) {
                msg.headers().remove(HttpHeaderNames.TRANSFER_ENCODING);
                return;
            }
            super.sanitizeHeadersBeforeEncode(msg, isAlwaysEmpty);
        }

        @Override
        protected boolean isContentAlwaysEmpty(HttpResponse msg) {
            method = methods.poll();
            return HttpMethod.HEAD.equals(method) || super.isContentAlwaysEmpty(msg);
        }
    }
}
