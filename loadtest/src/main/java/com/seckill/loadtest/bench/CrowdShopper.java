package com.seckill.loadtest.bench;

import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/** One connection of a {@link CrowdPhase} and the shopper on it. */
final class CrowdShopper {

    SocketChannel channel;
    ByteBuffer out;
    ByteBuffer in = ByteBuffer.allocate(4096);
    /** When the request in flight was written ({@link System#nanoTime()}); 0 when none is. */
    long sentAt;
    /** When a connection that failed is opened again; 0 when it is open. */
    long reopenAt;
    /** What the request in flight is: token, purchase, browse or dbonly. */
    String kind;
    String auth;
    /** The path this shopper's path request was given: its purchase is next. */
    String path;
    /** The request in flight, as sent: answered 503 BUSY, the same shopper sends it again. */
    byte[] request;
    /** Whether the next request is {@link #request} again (its answer was 503 BUSY). */
    boolean again;

    /** The next request: the same again after a 503 BUSY (this shopper asks again), the purchase if a path came back, else a new shopper's. */
    byte[] next(Crowd.Requests requests) {
        if (path != null) {
            request = requests.purchase(this, path);
        } else if (!again) {
            request = requests.first(this);
        }
        path = null;
        again = false;
        return request;
    }
}
