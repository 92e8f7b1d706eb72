-- payment-service's tables: payments and refunds.
-- DESIGN.md §6. Run by the service's own Flyway at start-up (history table flyway_payment_history),
-- the same way locally, in the tests and in compose. IF NOT EXISTS: a database made by the former
-- sql/schema.sql is adopted as it is.

CREATE TABLE IF NOT EXISTS payment (
    id           BIGINT         NOT NULL AUTO_INCREMENT,
    trade_no     VARCHAR(32)    NOT NULL,
    order_id     BIGINT         NOT NULL,
    user_id      BIGINT         NOT NULL,
    amount       DECIMAL(12, 2) NOT NULL,
    status       TINYINT        NOT NULL DEFAULT 0 COMMENT '0 waiting, 1 paid, 2 refunded',
    order_notified TINYINT(1)   NOT NULL DEFAULT 0 COMMENT 'paid: 1 once order-service has applied or refused it',
    paid_time    DATETIME(3)    NULL,
    create_time  DATETIME(3)    NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    update_time  DATETIME(3)    NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),
    PRIMARY KEY (id),
    UNIQUE KEY uk_payment_trade (trade_no),
    UNIQUE KEY uk_payment_order (order_id),
    KEY idx_payment_status_notified (status, order_notified)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

CREATE TABLE IF NOT EXISTS refund (
    id           BIGINT         NOT NULL AUTO_INCREMENT,
    refund_no    VARCHAR(32)    NOT NULL,
    trade_no     VARCHAR(32)    NOT NULL,
    order_id     BIGINT         NOT NULL,
    amount       DECIMAL(12, 2) NOT NULL,
    reason       VARCHAR(255)   NOT NULL,
    create_time  DATETIME(3)    NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    PRIMARY KEY (id),
    UNIQUE KEY uk_refund_no (refund_no),
    UNIQUE KEY uk_refund_trade (trade_no)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;
