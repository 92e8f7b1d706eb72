package com.seckill.loadtest.bench;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.List;

/**
 * One phase of the {@link Crowd}: its connections, each with one request in flight at a time, on one
 * selector run by the calling thread until the phase is over. A request with no answer within the
 * timeout is given up with its connection; a connection that fails is counted and opened again.
 */
final class CrowdPhase implements AutoCloseable {

    /** How often requests are checked for their timeout, and failed connections opened again. */
    private static final long TICK_NANOS = Duration.ofMillis(100).toNanos();
    private static final int MAX_ANSWER_BYTES = 1 << 20;

    private final InetSocketAddress address;
    private final Crowd.Requests requests;
    private final long timeoutNanos;
    private final Selector selector = Selector.open();
    private final CrowdShopper[] shoppers;
    private CrowdWindows windows;

    CrowdPhase(InetSocketAddress address, Crowd.Requests requests, int connections, Duration timeout) throws IOException {
        this.address = address;
        this.requests = requests;
        this.timeoutNanos = timeout.toNanos();
        this.shoppers = new CrowdShopper[connections];
    }

    CrowdRun run(Duration duration) {
        return run(duration, duration).get(0);
    }

    /** The phase in consecutive windows ({@link CrowdWindows}) on the same connections: what each saw. */
    List<CrowdRun> run(Duration duration, Duration window) {
        long start = System.nanoTime();
        long end = start + duration.toNanos();
        windows = new CrowdWindows(start, end, window.toNanos(), (int) (timeoutNanos / 1_000_000));
        for (int i = 0; i < shoppers.length; i++) {
            shoppers[i] = new CrowdShopper();
            open(shoppers[i]);
        }
        long nextTick = start + TICK_NANOS;
        for (long now = start; now < end; now = System.nanoTime()) {
            try {
                selector.select(Math.max(1, Math.min(TICK_NANOS, end - now) / 1_000_000));
            } catch (IOException e) {
                throw new IllegalStateException("the crowd's selector failed", e);
            }
            for (SelectionKey ready : selector.selectedKeys()) {
                handle(ready);
            }
            selector.selectedKeys().clear();
            now = System.nanoTime();
            if (now >= nextTick) {
                tick(now);
                nextTick = now + TICK_NANOS;
            }
            windows.at(now);
        }
        return windows.finish(System.nanoTime());
    }

    private void open(CrowdShopper shopper) {
        try {
            SocketChannel channel = SocketChannel.open();
            channel.configureBlocking(false);
            channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
            shopper.channel = channel;
            shopper.reopenAt = 0;
            if (channel.connect(address)) {
                channel.register(selector, SelectionKey.OP_READ, shopper);
                send(shopper);
            } else {
                channel.register(selector, SelectionKey.OP_CONNECT, shopper);
            }
        } catch (IOException e) {
            broken(shopper);
        }
    }

    private void handle(SelectionKey ready) {
        CrowdShopper shopper = (CrowdShopper) ready.attachment();
        try {
            if (!ready.isValid()) {
                return;
            }
            if (ready.isConnectable()) {
                shopper.channel.finishConnect();
                ready.interestOps(SelectionKey.OP_READ);
                send(shopper);
                return;
            }
            if (ready.isWritable()) {
                shopper.channel.write(shopper.out);
                if (!shopper.out.hasRemaining()) {
                    ready.interestOps(SelectionKey.OP_READ);
                }
            }
            if (ready.isReadable()) {
                read(shopper);
            }
        } catch (IOException e) {
            broken(shopper);
        }
    }

    private void send(CrowdShopper shopper) throws IOException {
        shopper.out = ByteBuffer.wrap(shopper.next(requests));
        shopper.sentAt = System.nanoTime();
        shopper.channel.write(shopper.out);
        if (shopper.out.hasRemaining()) {
            shopper.channel.keyFor(selector).interestOps(SelectionKey.OP_READ | SelectionKey.OP_WRITE);
        }
    }

    private void read(CrowdShopper shopper) throws IOException {
        if (!shopper.in.hasRemaining()) {
            if (shopper.in.capacity() >= MAX_ANSWER_BYTES) {
                throw new IOException("answer larger than " + MAX_ANSWER_BYTES + " bytes");
            }
            shopper.in = ByteBuffer.allocate(shopper.in.capacity() * 2).put(shopper.in.flip());
        }
        if (shopper.channel.read(shopper.in) < 0) {
            throw new IOException("closed by the server");
        }
        HttpAnswer answer = HttpAnswer.parse(shopper.in.array(), shopper.in.position());
        if (answer == null) {
            return; // not all of it yet
        }
        windows.tally().answer(shopper.kind, answer.status(), System.nanoTime() - shopper.sentAt);
        shopper.sentAt = 0;
        shopper.in.clear();
        shopper.again = answer.status() == 503;
        if (shopper.kind.equals("token") && answer.status() == 200) {
            shopper.path = answer.field("path");
        }
        if (answer.close()) {
            close(shopper);
            open(shopper);
        } else {
            send(shopper);
        }
    }

    /** Requests without an answer within the timeout are given up (their connection too); failed connections are opened again. */
    private void tick(long now) {
        for (CrowdShopper shopper : shoppers) {
            if (shopper.sentAt != 0 && now - shopper.sentAt >= timeoutNanos) {
                windows.tally().timeout();
                close(shopper);
                open(shopper);
            } else if (shopper.reopenAt != 0 && now >= shopper.reopenAt) {
                open(shopper);
            }
        }
    }

    /** A connection that failed: counted, and opened again at the next tick (a new shopper on it). */
    private void broken(CrowdShopper shopper) {
        windows.tally().error();
        close(shopper);
        shopper.reopenAt = System.nanoTime() + TICK_NANOS;
    }

    /** Closes the connection; its shopper (a path it held, a request to send again) is given up with it. */
    private void close(CrowdShopper shopper) {
        shopper.sentAt = 0;
        shopper.path = null;
        shopper.again = false;
        shopper.in.clear();
        if (shopper.channel != null) {
            try {
                shopper.channel.close();
            } catch (IOException ignored) {
                // closing is all that was asked
            }
            shopper.channel = null;
        }
    }

    @Override
    public void close() throws IOException {
        for (CrowdShopper shopper : shoppers) {
            if (shopper != null) {
                close(shopper);
            }
        }
        selector.close();
    }
}
