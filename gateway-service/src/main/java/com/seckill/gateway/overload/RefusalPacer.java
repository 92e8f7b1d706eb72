package com.seckill.gateway.overload;

import com.seckill.gateway.edge.EncodedAnswers;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.util.AttributeKey;
import io.netty.util.ReferenceCountUtil;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;

/**
 * The pace of one connection's refusals ({@link ShedGate}): the first is written at once; one that
 * comes within {@code shed-pause} of the last is held until the pause is over, and the connection
 * reads at most one more read's worth meanwhile. What it sent meanwhile (a pipelining client) is kept
 * and decided after the held refusal, in order, unless that refusal closes the connection: then it is
 * dropped. Only refusals wait: a request let through never does.
 */
final class RefusalPacer {

    /** When ({@link System#nanoTime()}) this connection's last refusal was written. */
    private static final AttributeKey<Long> LAST_REFUSAL = AttributeKey.valueOf("seckill.shed.lastRefusal");
    /**
     * Set while a refusal is held: what the connection sent meanwhile; {@link #CLOSING} once a refusal that
     * closes the connection is written (one attribute, one look per message read).
     */
    private static final AttributeKey<Deque<Object>> KEPT = AttributeKey.valueOf("seckill.shed.kept");
    /** Nothing the connection sent after its request to close is kept, read or routed; never added to. */
    private static final Deque<Object> CLOSING = new ArrayDeque<>(0);

    private final long pauseNanos;

    RefusalPacer(Duration pause) {
        this.pauseNanos = pause.toNanos();
    }

    /**
     * Whether {@code msg} is taken care of here: kept for later when it came while a refusal of its
     * connection is held, dropped when it came after a refusal that closes the connection (a client that
     * asked to close sends nothing after that request; one that does is not answered, RFC 9112 §9.6).
     */
    boolean keptOrDropped(Channel channel, Object msg) {
        Deque<Object> kept = channel.attr(KEPT).get();
        if (kept == null) {
            return false;
        }
        if (kept == CLOSING) {
            ReferenceCountUtil.release(msg);
        } else {
            kept.add(msg);
        }
        return true;
    }

    /** The connection closed: what it kept is let go. */
    void forget(Channel channel) {
        Deque<Object> kept = channel.attr(KEPT).getAndSet(null);
        if (kept != null) {
            kept.forEach(ReferenceCountUtil::release);
        }
    }

    /**
     * Writes {@code refusal} now, or once the pause since the connection's last refusal is over; what
     * arrived meanwhile then goes to {@code next}, one message after the other. {@code refusal} is a
     * response for the encoder, or bytes for {@code raw} when that is not null.
     */
    void refuse(ChannelHandlerContext ctx, Object refusal, EncodedAnswers raw, boolean keepAlive,
                BiConsumer<ChannelHandlerContext, Object> next) {
        Long last = ctx.channel().attr(LAST_REFUSAL).get();
        long wait = last == null ? 0 : pauseNanos - (System.nanoTime() - last);
        if (wait <= 0) {
            write(ctx, refusal, raw, keepAlive);
            return;
        }
        boolean autoRead = ctx.channel().config().isAutoRead();
        ctx.channel().attr(KEPT).set(new ArrayDeque<>());
        ctx.channel().config().setAutoRead(false);
        // one read stays asked for: a client that waits sends nothing meanwhile, and the connection is not
        // taken off and put back on the event loop's watch list (two system calls) for every refusal held;
        // what a pipelining one sends is kept, one read's worth, the reads after it wait for the refusal
        ctx.read();
        ctx.executor().schedule(() -> writeHeld(ctx, refusal, raw, keepAlive, autoRead, next), wait, TimeUnit.NANOSECONDS);
    }

    private void writeHeld(ChannelHandlerContext ctx, Object refusal, EncodedAnswers raw, boolean keepAlive, boolean autoRead,
                           BiConsumer<ChannelHandlerContext, Object> next) {
        Deque<Object> kept = ctx.channel().attr(KEPT).getAndSet(null);
        if (kept == null || !ctx.channel().isActive()) {
            ReferenceCountUtil.release(refusal);
            return;
        }
        ctx.channel().config().setAutoRead(autoRead);
        write(ctx, refusal, raw, keepAlive);
        for (Object msg = kept.poll(); msg != null; msg = kept.poll()) {
            if (!keptOrDropped(ctx.channel(), msg)) {
                next.accept(ctx, msg);
            }
        }
    }

    /**
     * Writes a refusal, then asks for the connection's next request if it is read on demand: the request
     * refused never reached Reactor Netty, which would otherwise not know to read again.
     */
    private static void write(ChannelHandlerContext ctx, Object refusal, EncodedAnswers raw, boolean keepAlive) {
        ctx.channel().attr(LAST_REFUSAL).set(System.nanoTime());
        if (!keepAlive) {
            ctx.channel().attr(KEPT).set(CLOSING);
            ctx.channel().config().setAutoRead(false);
            send(ctx, refusal, raw).addListener(ChannelFutureListener.CLOSE);
            return;
        }
        send(ctx, refusal, raw);
        if (!ctx.channel().config().isAutoRead()) {
            ctx.read();
        }
    }

    private static ChannelFuture send(ChannelHandlerContext ctx, Object refusal, EncodedAnswers raw) {
        return raw != null ? raw.writeAndFlushEncoded((ByteBuf) refusal) : ctx.writeAndFlush(refusal);
    }
}
