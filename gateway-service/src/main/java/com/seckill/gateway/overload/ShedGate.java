package com.seckill.gateway.overload;

import com.seckill.common.trust.QueueTokens;
import com.seckill.gateway.SalePaths;
import com.seckill.gateway.edge.CannedAnswer;
import com.seckill.gateway.edge.EncodedAnswers;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.AttributeKey;
import io.netty.util.ReferenceCountUtil;
import java.util.EnumMap;
import java.util.Map;

/**
 * The cheapest refusals, made on the connection before Spring sees the request: a request for a service
 * at its concurrency limit (503 BUSY, {@code Retry-After}) and one for a sale answered sold out a moment
 * ago (410 SOLD_OUT; a waiting room's poll of that sale: 200 {@code {"status":"SOLD_OUT"}}). A crowd many times the capacity is mostly these, and each costs here a header
 * parse and the write of an answer encoded once ({@link CannedAnswer}) instead of an exchange, a filter chain, a token check and a JSON body.
 * <p>
 * What the answer says is enforced, without making anyone else wait: a refusal is answered at once,
 * and a connection refused again within {@code shed-pause} of its last refusal has the new refusal held
 * until that pause is over (what its connection sends meanwhile waits for it). A client that waits as told
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
    private static final String JSON = "application/json";

    private final ConcurrencyLimits limits;
    private final SoldOutMemo soldOut;
    private final RefusalPacer pacer;
    private final OverloadProperties properties;
    private final CannedAnswer busy = CannedAnswer.problem(HttpResponseStatus.SERVICE_UNAVAILABLE, "Busy", "BUSY",
            "Too many shoppers at once: nothing was done, try again in a moment");
    private final CannedAnswer gone = CannedAnswer.problem(HttpResponseStatus.GONE, "Sold out", "SOLD_OUT", "Sold out");
    /** A waiting room's answer to a poll once its sale is sold out (contract §11, rule 3). */
    private final CannedAnswer queueSoldOut = new CannedAnswer(HttpResponseStatus.OK, JSON, "{\"status\":\"SOLD_OUT\"}");
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
            // the read that brought this body was the one asked for after the refusal: without another, the
            // connection's next request is never read (a keep-alive client that sends a body waited for nothing)
            if (!ctx.channel().config().isAutoRead()) {
                ctx.read();
            }
            return;
        }
        if (msg instanceof HttpRequest request && request.decoderResult().isSuccess()) {
            String path = path(request.uri());
            boolean post = HttpMethod.POST.equals(request.method());
            Tier tier = Tier.of(post, path);
            if (tier != null) {
                Long sale = post ? SalePaths.saleOf(path) : null;
                if (sale != null && soldOut.isSoldOut(sale)) {
                    soldOutAnswers.increment();
                    answer(ctx, request, msg, gone, 0);
                    return;
                }
                Long polled = HttpMethod.GET.equals(request.method()) ? SalePaths.pollOf(path) : null;
                if (polled != null && soldOut.isSoldOut(polled)) {
                    soldOutAnswers.increment();
                    answer(ctx, request, msg, queueSoldOut, 0);
                    return;
                }
                // a waiting shopper's poll, one with a ticket, may be answered from the room's figures (WaitingAnswers):
                // only what goes on to the service is limited, so only a poll without a ticket is refused here
                if (limits.isFull(tier) && (polled == null || !request.headers().contains(QueueTokens.TICKET_HEADER))) {
                    shed.get(tier).increment();
                    answer(ctx, request, msg, busy, properties.retryAfterSeconds(tier));
                    return;
                }
            }
        }
        ctx.fireChannelRead(msg);
    }

    /**
     * Answers {@code request} with {@code answer} ({@code retryAfter} seconds, 0 for none): as prebuilt bytes
     * when the connection's codec takes them and the request is not a HEAD (whose answer has no body).
     */
    private void answer(ChannelHandlerContext ctx, HttpRequest request, Object msg, CannedAnswer answer, long retryAfter) {
        boolean whole = msg instanceof LastHttpContent;
        ReferenceCountUtil.release(msg);
        if (!whole) {
            ctx.channel().attr(DISCARDING).set(Boolean.TRUE);
        }
        // a client that asked to be told before it sends its body will not send it after a refusal: the decoder
        // would take its next request for that body, so the connection ends with this answer
        boolean keepAlive = HttpUtil.isKeepAlive(request) && (whole || !HttpUtil.is100ContinueExpected(request));
        EncodedAnswers raw = HttpMethod.HEAD.equals(request.method()) ? null : EncodedAnswers.of(ctx.channel());
        ByteBuf bytes = raw == null ? null : answer.encoded(retryAfter, !keepAlive);
        if (bytes != null) {
            pacer.refuse(ctx, bytes, raw, keepAlive, this::decide);
        } else {
            pacer.refuse(ctx, answer.response(retryAfter, !keepAlive), null, keepAlive, this::decide);
        }
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
}
