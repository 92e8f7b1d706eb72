-- Refunds a shopper or an operator asks for (DESIGN.md §4, POST /api/orders/{orderId}/refund): requested here,
-- done when the provider's signed refund callback says so, then told to order-service (the refund row is its
-- own outbox, as the payment row is for payments). Rows written before this migration are refunds of payments
-- that came after their order had ended: done at once, with nothing to tell the order.
ALTER TABLE refund
    ADD COLUMN status         TINYINT     NOT NULL DEFAULT 1 COMMENT '0 requested (the provider has not confirmed yet), 1 refunded' AFTER reason,
    ADD COLUMN requested_by   BIGINT      NULL COMMENT 'the shopper or operator who asked; NULL when the order ended before the money came' AFTER status,
    ADD COLUMN by_admin       TINYINT(1)  NOT NULL DEFAULT 0 COMMENT '1 when an operator asked for it (audited)' AFTER requested_by,
    ADD COLUMN order_notified TINYINT(1)  NOT NULL DEFAULT 1 COMMENT 'refunded: 1 once order-service has applied it' AFTER by_admin,
    ADD COLUMN refunded_time  DATETIME(3) NULL AFTER order_notified,
    ADD COLUMN update_time    DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3) AFTER create_time;
