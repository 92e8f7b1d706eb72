package com.seckill.gateway.edge;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.CombinedChannelDuplexHandler;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpRequestDecoder;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseEncoder;
import io.netty.handler.codec.http.HttpServerUpgradeHandler;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.handler.codec.http.LastHttpContent;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Queue;

/**
 * Netty's {@code HttpServerCodec}, except that a request carrying Transfer-Encoding is a decoding failure
 * (400, connection closed) unless its only coding is {@code chunked} and it has no Content-Length. Netty
 * would read {@code chunked} beside a length by its chunks, and any other coding ({@code xchunked},
 * {@code gzip}) by the length: a front proxy that read it the other way would see the rest of the body as
 * the next request (request smuggling; RFC 9112 §6.1 and §6.3: such a message is an error). It also tells
 * the connection's {@link ConnectionDeadlines} where requests and answers begin and end.
 * {@code HttpServerCodec} is final and builds its decoder inside, so the pairing of request methods
 * with responses (a HEAD's response has no body) is repeated here as it is there. An answer written already
 * encoded ({@link EncodedAnswers}) takes its request's place in that pairing as an encoded one would.
 */
final class StrictHttpServerCodec extends CombinedChannelDuplexHandler<HttpRequestDecoder, HttpResponseEncoder>
        implements HttpServerUpgradeHandler.SourceCodec, EncodedAnswers {

    private final Queue<HttpMethod> methods = new ArrayDeque<>();
    private final ConnectionDeadlines deadlines;
    /** This codec's place in its connection's pipeline: what is written from it skips the encoder. */
    private ChannelHandlerContext context;

    StrictHttpServerCodec(HttpDecoderConfig config, ConnectionDeadlines deadlines) {
        this.deadlines = deadlines;
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
        deadlines.answered();
        return context.writeAndFlush(answer);
    }

    private final class RequestDecoder extends HttpRequestDecoder {

        RequestDecoder(HttpDecoderConfig config) {
            super(config);
        }

        @Override
        protected void decode(ChannelHandlerContext ctx, ByteBuf buffer, List<Object> out) throws Exception {
            if (buffer.isReadable()) {
                deadlines.bytesArrived();
            }
            int before = out.size();
            super.decode(ctx, buffer, out);
            for (int i = before; i < out.size(); i++) {
                Object decoded = out.get(i);
                if (decoded instanceof HttpRequest request) {
                    methods.add(request.method());
                    deadlines.headRead();
                }
                if (decoded instanceof LastHttpContent) {
                    deadlines.requestRead();
                }
            }
        }

        /** Called once a request's headers are read, before its body: where Transfer-Encoding is judged. */
        @Override
        protected boolean isContentAlwaysEmpty(HttpMessage message) {
            List<String> codings = message.headers().getAll(HttpHeaderNames.TRANSFER_ENCODING);
            if (!codings.isEmpty() && (codings.size() > 1 || !HttpHeaderValues.CHUNKED.contentEqualsIgnoreCase(codings.get(0).strip())
                    || message.headers().contains(HttpHeaderNames.CONTENT_LENGTH))) {
                throw new IllegalArgumentException("Transfer-Encoding other than chunked alone, or beside Content-Length");
            }
            return super.isContentAlwaysEmpty(message);
        }
    }

    private final class ResponseEncoder extends HttpResponseEncoder {

        private HttpMethod method;

        @Override
        protected void encode(ChannelHandlerContext ctx, Object msg, List<Object> out) throws Exception {
            boolean answerEnds = msg instanceof LastHttpContent
                    && !(msg instanceof HttpResponse response && response.status().codeClass() == HttpStatusClass.INFORMATIONAL);
            super.encode(ctx, msg, out);
            if (answerEnds) {
                deadlines.answered();
            }
        }

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
