package com.seckill.gateway.edge;

import io.micrometer.core.instrument.Counter;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import java.util.concurrent.TimeUnit;

/**
 * How long one connection may take to send a request, and stay idle between requests. A request must arrive
 * whole, head and body, within {@code request-timeout} of its first byte, whatever the pace of its bytes: one
 * whose head is still incomplete then is answered 408 and the connection closed, one whose body is late is
 * closed (its answer may be under way already, and a 408 could be taken for it). A connection with nothing to read or answer is closed after
 * {@code idle-timeout}, a new one that has sent nothing after {@code request-timeout}, silently (a browser may
 * have opened it ahead of need). While a request is being answered (a purchase waiting on its service, an
 * event stream) nothing is timed here. The connection's codec ({@link StrictHttpServerCodec}) says where
 * requests and answers begin and end; every call comes on the connection's event loop, and one timer per
 * connection looks at the state when the nearest deadline may have come.
 */
final class ConnectionDeadlines {

    private static final long NONE = Long.MIN_VALUE;

    private final Channel channel;
    private final long requestNanos;
    private final long idleNanos;
    private final CannedAnswer timedOut;
    private final Counter closedLate;
    /** Request heads read whose answer has not been written whole. */
    private int unanswered;
    /** When the bytes of a request not yet read whole began to arrive; NONE while there is none. */
    private long readingSince = NONE;
    /** Whether the head of the request being read has been read. */
    private boolean headRead;
    /** Since when the connection has had nothing to read or answer, and for how long that may last. */
    private long idleSince;
    private long idleLimit;

    ConnectionDeadlines(Channel channel, ConnectionProperties properties, CannedAnswer timedOut, Counter closedLate) {
        this.channel = channel;
        this.requestNanos = properties.requestTimeout().toNanos();
        this.idleNanos = properties.idleTimeout().toNanos();
        this.timedOut = timedOut;
        this.closedLate = closedLate;
        this.idleSince = System.nanoTime();
        this.idleLimit = requestNanos;
    }

    /** Starts the connection's timer: a new connection owes its first request within the request timeout. */
    void start() {
        schedule(requestNanos);
    }

    /** Bytes are waiting to be decoded: if no request was being read, one begins now. */
    void bytesArrived() {
        if (readingSince == NONE) {
            readingSince = System.nanoTime();
        }
    }

    void headRead() {
        unanswered++;
        headRead = true;
    }

    /** The request being read has arrived whole (its last content was decoded). */
    void requestRead() {
        readingSince = NONE;
        headRead = false;
        nowIdleIfNothingPending();
    }

    /** An answer was written whole (an informational one is not an answer). */
    void answered() {
        if (unanswered > 0) {
            unanswered--;
        }
        idleLimit = idleNanos;
        nowIdleIfNothingPending();
    }

    private void nowIdleIfNothingPending() {
        if (unanswered == 0 && readingSince == NONE) {
            idleSince = System.nanoTime();
        }
    }

    private void schedule(long nanos) {
        channel.eventLoop().schedule(this::check, nanos, TimeUnit.NANOSECONDS);
    }

    private void check() {
        if (!channel.isActive()) {
            return;
        }
        long now = System.nanoTime();
        long due;
        if (readingSince != NONE) {
            due = readingSince + requestNanos;
            if (now - due >= 0) {
                requestTooSlow();
                return;
            }
        } else if (unanswered == 0) {
            due = idleSince + idleLimit;
            if (now - due >= 0) {
                channel.close();
                return;
            }
        } else {
            due = now + requestNanos; // being answered: nothing is due, look again later
        }
        // never later than a request timeout ahead: a request may begin at any moment
        schedule(Math.min(due - now, requestNanos));
    }

    private void requestTooSlow() {
        closedLate.increment();
        channel.config().setAutoRead(false);
        EncodedAnswers writer = EncodedAnswers.of(channel);
        if (headRead || unanswered > 0 || writer == null) {
            channel.close(); // a 408 now could be taken for the answer of a request read before
        } else {
            writer.writeAndFlushEncoded(timedOut.encoded(0, true)).addListener(ChannelFutureListener.CLOSE);
        }
    }
}
