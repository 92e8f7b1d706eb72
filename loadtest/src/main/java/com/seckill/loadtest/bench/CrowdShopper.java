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
}
