package com.seckill.seckill.outbox;

import java.util.List;
import java.util.UUID;
import org.springframework.amqp.rabbit.connection.CorrelationData;

/** The entries of one published message, so the confirm callback knows what to take out of the outboxes. */
final class OutboxBatch extends CorrelationData {

    private final List<OutboxEntry> entries;

    OutboxBatch(List<OutboxEntry> entries) {
        super(entries.size() == 1 ? entries.get(0).requestId() : UUID.randomUUID().toString());
        this.entries = List.copyOf(entries);
    }

    List<OutboxEntry> entries() {
        return entries;
    }
}
