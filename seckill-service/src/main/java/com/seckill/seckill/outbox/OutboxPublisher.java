package com.seckill.seckill.outbox;

import com.seckill.common.message.Queues;
import com.seckill.seckill.SeckillProperties;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.core.MessageBuilder;
import org.springframework.amqp.core.MessageDeliveryMode;
import org.springframework.amqp.core.MessageProperties;
import org.springframework.amqp.rabbit.connection.CorrelationData;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.stereotype.Component;

/**
 * Publishes outbox entries to RabbitMQ. An entry leaves the outbox only when the broker confirms it
 * was routed to a queue ({@link ConfirmedRemover} takes it out then); a nack, a return (no queue
 * bound) or a broker outage leaves it there, and {@link OutboxSweeper} publishes it again.
 * Duplicates are harmless: the consumer is idempotent by request id.
 * <p>
 * A thread of its own keeps the request path short and batches the work a burst brings: it gathers
 * what is accepted within {@code relay-linger} (10 ms) of the first entry into one message (a JSON
 * array of order messages, see {@link #send}). A purchase thread queues its entry and waits for the
 * broker's confirm of the message that carries it, at most {@code publish-timeout} ({@code OrderHandOff}):
 * the linger and the batch are part of that wait, a few milliseconds under a crowd.
 */
@Component
public class OutboxPublisher {

    private static final Logger log = LoggerFactory.getLogger(OutboxPublisher.class);
    /** Most order messages in one published message. */
    private static final int PUBLISH_BATCH = 100;

    private final RabbitTemplate rabbit;
    private final SeckillProperties properties;
    private final InFlight inFlight;
    private final ConfirmedRemover remover;
    private final Timer publishLatency;
    /** Accepted, waiting for {@link #publishQueued()} to publish them. */
    private final BlockingQueue<OutboxEntry> toPublish = new LinkedBlockingQueue<>();
    private final Thread publisher = new Thread(this::publishQueued, "outbox-publisher");

    OutboxPublisher(RabbitTemplate rabbit, SeckillProperties properties, InFlight inFlight, ConfirmedRemover remover,
                    MeterRegistry meters) {
        this.rabbit = rabbit;
        this.properties = properties;
        this.inFlight = inFlight;
        this.remover = remover;
        this.publishLatency = Timer.builder("seckill.relay.publish")
                .description("From an accepted purchase to the broker's confirm of its message")
                .publishPercentileHistogram().register(meters);
        rabbit.setMandatory(true);
        rabbit.setConfirmCallback(this::confirmed);
        rabbit.setReturnsCallback(returned -> log.warn("Order message returned by the broker ({} {}): kept in the outbox",
                returned.getReplyCode(), returned.getReplyText()));
    }

    @PostConstruct
    void startThread() {
        publisher.setDaemon(true);
        publisher.start();
    }

    /** What is not published yet stays in the outbox: the sweep of the next start sends it. */
    @PreDestroy
    void stopThread() throws InterruptedException {
        publisher.interrupt();
        publisher.join(5_000);
    }

    /**
     * Hands one outbox entry to the publisher thread; a failure to publish leaves it in the outbox
     * for the sweep. Entries queued while a publish is under way go out together in the next one.
     *
     * @return completes with true once the broker confirmed the message (it is then durable in the
     *         broker), with false when it refused it or could not be reached (it stays in the outbox)
     */
    public CompletableFuture<Boolean> publish(String outbox, String requestId, String payload) {
        OutboxEntry entry = new OutboxEntry(outbox, requestId, payload, new CompletableFuture<>(), System.nanoTime());
        if (inFlight.take(requestId)) {
            toPublish.add(entry);
        } else {
            entry.published().complete(false); // already on its way: the outbox holds it meanwhile
        }
        return entry.published();
    }

    /** The publisher thread's loop: takes what has been accepted so far and publishes it as one message. */
    private void publishQueued() {
        List<OutboxEntry> batch = new ArrayList<>();
        while (!Thread.currentThread().isInterrupted()) {
            try {
                batch.add(toPublish.take());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            try {
                gatherMore(batch);
                send(batch);
            } catch (Throwable t) {
                // the thread must outlive anything: a dead publisher would strand every later entry in flight
                unpublished(batch);
                log.error("Publishing {} order messages failed; left in the outbox", batch.size(), t);
            } finally {
                batch.clear();
            }
        }
    }

    /**
     * Adds what else is accepted within the linger after the first entry, up to a full batch: the
     * purchases waiting for their confirm wait this much longer, a few milliseconds.
     */
    private void gatherMore(List<OutboxEntry> batch) {
        long deadline = System.nanoTime() + properties.relayLinger().toNanos();
        while (batch.size() < PUBLISH_BATCH) {
            toPublish.drainTo(batch, PUBLISH_BATCH - batch.size());
            long left = deadline - System.nanoTime();
            if (batch.size() >= PUBLISH_BATCH || left <= 0) {
                return;
            }
            try {
                OutboxEntry next = toPublish.poll(left, TimeUnit.NANOSECONDS);
                if (next == null) {
                    return;
                }
                batch.add(next);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt(); // publish what is gathered, then the loop ends
                return;
            }
        }
    }

    /**
     * One persistent message for the entries: the order message itself when there is one, else a
     * JSON array of them. What costs the broker (persisting, confirming, delivering, acknowledging)
     * is paid per message, so a burst of purchases costs it a message per batch, not per order.
     */
    private void send(List<OutboxEntry> entries) {
        try {
            String body = entries.size() == 1 ? entries.get(0).payload()
                    : entries.stream().map(OutboxEntry::payload).collect(Collectors.joining(",", "[", "]"));
            OutboxBatch correlation = new OutboxBatch(entries);
            Message message = MessageBuilder.withBody(body.getBytes(StandardCharsets.UTF_8))
                    .setContentType(MessageProperties.CONTENT_TYPE_JSON)
                    .setMessageId(correlation.getId())
                    .setDeliveryMode(MessageDeliveryMode.PERSISTENT)
                    .build();
            rabbit.send(Queues.ORDER_EXCHANGE, Queues.ORDER_CREATE_ROUTING_KEY, message, correlation);
        } catch (RuntimeException e) {
            unpublished(entries);
            log.debug("Publish of {} order messages failed, left in the outbox: {}", entries.size(), e.toString());
        }
    }

    private void confirmed(CorrelationData data, boolean ack, String cause) {
        if (!(data instanceof OutboxBatch batch)) {
            return;
        }
        if (ack && data.getReturned() == null) {
            remover.confirmed(batch.entries()); // in flight until out of the outbox: the sweep leaves them alone
            long now = System.nanoTime();
            batch.entries().forEach(entry -> {
                publishLatency.record(now - entry.handedAt(), TimeUnit.NANOSECONDS);
                entry.published().complete(true);
            });
            return;
        }
        if (!ack) {
            log.warn("Broker refused {} order messages: {}; kept in the outbox", batch.entries().size(), cause);
        }
        unpublished(batch.entries());
    }

    /** Not in the broker: the outbox keeps them, the sweep sends them again. */
    private void unpublished(List<OutboxEntry> entries) {
        entries.forEach(entry -> {
            inFlight.release(entry.requestId());
            entry.published().complete(false);
        });
    }
}
