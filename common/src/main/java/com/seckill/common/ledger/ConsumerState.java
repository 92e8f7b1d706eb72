package com.seckill.common.ledger;

/**
 * One order-service instance's consumer: whether it is handling order messages now, and for how long
 * it has handled none. Together with the queue's depth this tells whether every accepted purchase is
 * written (contract §10: re-warm after Redis lost data, giving up on a request).
 */
public record ConsumerState(boolean busy, long idleMillis) {
}
