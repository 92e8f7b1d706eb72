-- order-service's tables: orders and the consume-once log.
-- DESIGN.md §6. Run by the service's own Flyway at start-up (history table flyway_order_history),
-- the same way locally, in the tests and in compose. IF NOT EXISTS: a database made by the former
-- sql/schema.sql is adopted as it is.

CREATE TABLE IF NOT EXISTS seckill_order (
    id           BIGINT         NOT NULL AUTO_INCREMENT,
    order_no     VARCHAR(32)    NOT NULL,
    request_id   VARCHAR(64)    NOT NULL,
    user_id      BIGINT         NOT NULL,
    activity_id  BIGINT         NOT NULL,
    goods_id     BIGINT         NOT NULL,
    goods_name   VARCHAR(128)   NOT NULL,
    price        DECIMAL(12, 2) NOT NULL COMMENT 'price snapshot at purchase',
    status       TINYINT        NOT NULL DEFAULT 0 COMMENT '0 pending, 1 paid, 2 cancelled, 3 closed, 4 refunded',
    pay_time     DATETIME(3)    NULL,
    stock_returned TINYINT(1)   NOT NULL DEFAULT 0 COMMENT 'closed/cancelled: 1 once the unit is back in Redis',
    -- 1 while the order holds its unit (pending or paid), NULL once it ended: the unique key below
    -- allows one live order per user and activity, and a new one after a close or cancel.
    live         TINYINT AS (IF(status IN (0, 1), 1, NULL)) STORED,
    create_time  DATETIME(3)    NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    update_time  DATETIME(3)    NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),
    PRIMARY KEY (id),
    UNIQUE KEY uk_order_user_activity (user_id, activity_id, live),
    UNIQUE KEY uk_order_no (order_no),
    UNIQUE KEY uk_order_request (request_id),
    KEY idx_order_activity_status (activity_id, status),
    KEY idx_order_status_created (status, create_time)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

CREATE TABLE IF NOT EXISTS mq_consume_log (
    id           BIGINT      NOT NULL AUTO_INCREMENT,
    message_id   VARCHAR(64) NOT NULL,
    queue        VARCHAR(64) NOT NULL,
    outcome      VARCHAR(16) NOT NULL COMMENT 'SUCCESS, or the reason the message was turned down',
    user_id      BIGINT      NULL COMMENT 'who sent the request: its result can be answered from here',
    create_time  DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    PRIMARY KEY (id),
    UNIQUE KEY uk_consume_message (message_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;
