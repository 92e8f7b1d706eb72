package com.seckill.gateway.edge;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponseEncoder;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * An answer the gateway gives below Spring (a shed request, a connection over its address's share, a request
 * that did not arrive in time), built once: as the bytes of the whole response, ready to write past
 * the HTTP encoder (a refusal then costs a write: no response object, no header encoding, no buffer),
 * and as a response object for a connection whose codec cannot take bytes. Each {@code Retry-After}
 * and {@code Connection: close} variant is encoded the first time it is needed.
 */
public final class CannedAnswer {

    /** The longest {@code Retry-After} kept encoded; a longer one is built per answer. */
    private static final int MOST_SECONDS = 60;
    private static final String PROBLEM_JSON = "application/problem+json";

    private final HttpResponseStatus status;
    private final String type;
    private final ByteBuf body;
    /** By {@code Retry-After} seconds (0: none) and {@code Connection: close} (odd). */
    private final AtomicReferenceArray<ByteBuf> encoded = new AtomicReferenceArray<>(2 * (MOST_SECONDS + 1));

    public CannedAnswer(HttpResponseStatus status, String type, String body) {
        this.status = status;
        this.type = type;
        this.body = Unpooled.unreleasableBuffer(Unpooled.wrappedBuffer(body.getBytes(StandardCharsets.UTF_8)).asReadOnly());
    }

    /** A problem+json answer whose body says {@code status}, {@code title}, {@code detail} and {@code code}. */
    public static CannedAnswer problem(HttpResponseStatus status, String title, String code, String detail) {
        return new CannedAnswer(status, PROBLEM_JSON, "{\"type\":\"about:blank\",\"title\":\"" + title + "\",\"status\":"
                + status.code() + ",\"detail\":\"" + detail + "\",\"code\":\"" + code + "\"}");
    }

    /** The whole response, as the encoder writes {@link #response}; null when {@code retryAfter} is too long to keep. */
    public ByteBuf encoded(long retryAfter, boolean close) {
        if (retryAfter < 0 || retryAfter > MOST_SECONDS) {
            return null;
        }
        int index = (int) retryAfter * 2 + (close ? 1 : 0);
        ByteBuf bytes = encoded.get(index);
        if (bytes == null) {
            bytes = encode(retryAfter, close);
            encoded.compareAndSet(index, null, bytes);
        }
        return bytes.duplicate();
    }

    /** The response as an object, for the encoder; {@code retryAfter} 0 for none. */
    public FullHttpResponse response(long retryAfter, boolean close) {
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, body.retainedDuplicate());
        response.headers()
                .set(HttpHeaderNames.CONTENT_TYPE, type)
                .setInt(HttpHeaderNames.CONTENT_LENGTH, body.readableBytes())
                .set(HttpHeaderNames.CACHE_CONTROL, "no-store")
                .set("X-Content-Type-Options", "nosniff");
        if (retryAfter > 0) {
            response.headers().set(HttpHeaderNames.RETRY_AFTER, Long.toString(retryAfter));
        }
        if (close) {
            response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        }
        return response;
    }

    /** What Netty's encoder writes for {@link #response}: the two forms cannot differ. */
    private ByteBuf encode(long retryAfter, boolean close) {
        EmbeddedChannel encoder = new EmbeddedChannel(new HttpResponseEncoder());
        encoder.writeOutbound(response(retryAfter, close));
        ByteBuf bytes = Unpooled.directBuffer();
        for (ByteBuf part = encoder.readOutbound(); part != null; part = encoder.readOutbound()) {
            bytes.writeBytes(part);
            part.release();
        }
        encoder.finishAndReleaseAll();
        return Unpooled.unreleasableBuffer(bytes);
    }
}
