package com.seckill.gateway.overload;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.AttributeKey;
import io.netty.util.ReferenceCountUtil;
import java.nio.charset.StandardCharsets;
import java.util.EnumMap;
import java.util.Map;

/**
 * The cheapest refusals, made on the connection before Spring sees the request: a request for a service
 * at its concurrency limit (503 BUSY, {@code Retry-After}) and one for a sale answered sold out a moment
 * ago (410 SOLD_OUT; a waiting room's poll of that sale: 200 {@code {"status":"SOLD_OUT"}}). A crowd many times the capacity is mostly these, and each costs here a header
 * parse and a prebuilt answer instead of an exchange, a filter chain, a token check and a JSON body.
 * <p>
 * What the answer says is enforced, without making anyone else wait: a refusal is answered at once,
 * and a connection refused again within {@code shed-pause} of its last refusal has the new refusal held
 * until that pause is over (its connection reads nothing meanwhile). A client that waits as told
 * notices nothing; one that sends again at once (a bot, a load generator in a closed loop) gets at
 * most one refusal per connection and pause, not whatever the machine can answer. Its next request
 * is still read and decided at once, so one that is let through (the service has room again) goes on
 * without waiting for the pause. Nothing here has started any work, so nothing accepted is ever lost
 * by it; a request that gets past this is checked again, and given its slot, by {@link ShedFilter}.
 */
@ChannelHandler.Sharable
final class ShedGate extends ChannelInboundHandlerAdapter {

    /** Set while the body of a refused request is still arriving: it is dropped. */
    private static final AttributeKey<Boolean> DISCARDING = AttributeKey.valueOf("seckill.shed.discarding");
    private static final String PROBLEM_JSON = "application/problem+json";
    private static final String JSON = "application/json";

    private final ConcurrencyLimits limits;
    private final SoldOutMemo soldOut;
    private final RefusalPacer pacer;
    private final OverloadProperties properties;
    private final ByteBuf busy = body(503, "Busy", "BUSY", "Too many shoppers at once: nothing was done, try again in a moment");
    private final ByteBuf gone = body(410, "Sold out", "SOLD_OUT", "Sold out");
    /** A waiting room's answer to a poll once its sale is sold out (DESIGN.md §11, rule 3). */
    private final ByteBuf queueSoldOut = Unpooled.unreleasableBuffer(
            Unpooled.wrappedBuffer("{\"status\":\"SOLD_OUT\"}".getBytes(StandardCharsets.UTF_8)).asReadOnly());
    private final Map<Tier, Counter> shed = new EnumMap<>(Tier.class);
    private final Counter soldOutAnswers;

    ShedGate(ConcurrencyLimits limits, SoldOutMemo soldOut, OverloadProperties properties, MeterRegistry meters) {
        this.limits = limits;
        this.soldOut = soldOut;
        this.pacer = new RefusalPacer(properties.shedPause());
        this.properties = properties;
        for (Tier tier : Tier.values()) {
            shed.put(tier, ShedMeter.counter(meters, ShedMeter.CONCURRENCY, tier.tag()));
        }
        this.soldOutAnswers = ShedMeter.counter(meters, ShedMeter.SOLD_OUT, Tier.SECKILL.tag());
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!pacer.keptOrDropped(ctx.channel(), msg)) {
            decide(ctx, msg);
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        pacer.forget(ctx.channel());
        super.channelInactive(ctx);
    }

    private void decide(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof HttpContent && ctx.channel().hasAttr(DISCARDING) && ctx.channel().attr(DISCARDING).get() != null) {
            if (msg instanceof LastHttpContent) {
                ctx.channel().attr(DISCARDING).set(null);
            }
            ReferenceCountUtil.release(msg);
            return;
        }
        if (msg instanceof HttpRequest request && request.decoderResult().isSuccess()) {
            String path = path(request.uri());
            boolean post = HttpMethod.POST.equals(request.method());
            Tier tier = Tier.of(post, path);
            if (tier != null) {
                Long sale = post ? SoldOutMemo.saleOf(path) : null;
                if (sale != null && soldOut.isSoldOut(sale)) {
                    soldOutAnswers.increment();
                    refuse(ctx, request, msg, HttpResponseStatus.GONE, gone, tier);
                    return;
                }
                Long polled = HttpMethod.GET.equals(request.method()) ? SoldOutMemo.pollOf(path) : null;
                if (polled != null && soldOut.isSoldOut(polled)) {
                    soldOutAnswers.increment();
                    answer(ctx, request, msg, HttpResponseStatus.OK, JSON, queueSoldOut, tier);
                    return;
                }
                if (limits.isFull(tier)) {
                    shed.get(tier).increment();
                    refuse(ctx, request, msg, HttpResponseStatus.SERVICE_UNAVAILABLE, busy, tier);
                    return;
                }
            }
        }
        ctx.fireChannelRead(msg);
    }

    private void refuse(ChannelHandlerContext ctx, HttpRequest request, Object msg, HttpResponseStatus status, ByteBuf body, Tier tier) {
        answer(ctx, request, msg, status, PROBLEM_JSON, body, tier);
    }

    private void answer(ChannelHandlerContext ctx, HttpRequest request, Object msg, HttpResponseStatus status, String type, ByteBuf body,
                        Tier tier) {
        boolean whole = msg instanceof LastHttpContent;
        ReferenceCountUtil.release(msg);
        if (!whole) {
            ctx.channel().attr(DISCARDING).set(Boolean.TRUE);
        }
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, body.retainedDuplicate());
        response.headers()
                .set(HttpHeaderNames.CONTENT_TYPE, type)
                .setInt(HttpHeaderNames.CONTENT_LENGTH, body.readableBytes())
                .set(HttpHeaderNames.CACHE_CONTROL, "no-store")
                .set("X-Content-Type-Options", "nosniff");
        if (status == HttpResponseStatus.SERVICE_UNAVAILABLE) {
            response.headers().set(HttpHeaderNames.RETRY_AFTER, Long.toString(properties.retryAfterSeconds(tier)));
        }
        boolean keepAlive = HttpUtil.isKeepAlive(request);
        if (!keepAlive) {
            response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        }
        pacer.refuse(ctx, response, keepAlive, this::decide);
    }

    /** The path of a request target, origin-form ({@code /a?b}) or absolute-form ({@code http://h/a?b}). */
    static String path(String uri) {
        int start = 0;
        if (!uri.startsWith("/")) {
            int scheme = uri.indexOf("://");
            start = scheme < 0 ? 0 : uri.indexOf('/', scheme + 3);
            if (start < 0) {
                return "/";
            }
        }
        int end = uri.length();
        for (int i = start; i < uri.length(); i++) {
            char c = uri.charAt(i);
            if (c == '?' || c == '#') {
                end = i;
                break;
            }
        }
        return uri.substring(start, end);
    }

    private static ByteBuf body(int status, String title, String code, String detail) {
        String json = "{\"type\":\"about:blank\",\"title\":\"" + title + "\",\"status\":" + status + ",\"detail\":\"" + detail
                + "\",\"code\":\"" + code + "\"}";
        return Unpooled.unreleasableBuffer(Unpooled.wrappedBuffer(json.getBytes(StandardCharsets.UTF_8)).asReadOnly());
    }
}
