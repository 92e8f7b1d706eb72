-- Schema of the seckill platform (DESIGN.md §6). One source of truth: applied by ./seckill up,
-- by the integration tests (against their own database) and by docker compose.
-- Idempotent: every statement can run again on an existing schema.

CREATE TABLE IF NOT EXISTS seckill_activity (
    id               BIGINT         NOT NULL AUTO_INCREMENT,
    goods_id         BIGINT         NOT NULL,
    goods_name       VARCHAR(128)   NOT NULL,
    price            DECIMAL(12, 2) NOT NULL,
    stock_total      INT            NOT NULL,
    stock            INT            NOT NULL,
    start_time       DATETIME(3)    NOT NULL,
    end_time         DATETIME(3)    NOT NULL,
    captcha_required TINYINT(1)     NOT NULL DEFAULT 0,
    status           TINYINT        NOT NULL DEFAULT 0 COMMENT '0 active, 1 offline',
    create_time      DATETIME(3)    NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    update_time      DATETIME(3)    NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),
    PRIMARY KEY (id),
    KEY idx_activity_time (start_time, end_time),
    CONSTRAINT chk_activity_stock CHECK (stock >= 0 AND stock <= stock_total)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

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

-- The deny list (gateway-service). MySQL is its source of truth; Redis holds the copy every gateway reads.
CREATE TABLE IF NOT EXISTS blacklist (
    id           BIGINT       NOT NULL AUTO_INCREMENT,
    user_id      BIGINT       NULL,
    ip           VARCHAR(45)  NULL COMMENT 'canonical text of an IPv4 or IPv6 address',
    reason       VARCHAR(255) NOT NULL,
    expires_at   DATETIME(3)  NULL COMMENT 'NULL: for good',
    created_by   BIGINT       NOT NULL,
    create_time  DATETIME(3)  NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    PRIMARY KEY (id),
    KEY idx_blacklist_expiry (expires_at)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

-- The waiting room of an activity that has one (seckill-service, DESIGN.md §11): its settings, the seed
-- of its fair start, and where it stands (kept at least every second, so that a Redis that lost it
-- resumes from here).
CREATE TABLE IF NOT EXISTS waiting_room (
    activity_id          BIGINT      NOT NULL,
    admission_per_second INT         NOT NULL,
    opens_before_seconds INT         NOT NULL,
    admission_seconds    INT         NOT NULL,
    paused               TINYINT(1)  NOT NULL DEFAULT 0,
    seed                 CHAR(32)    NOT NULL COMMENT 'the draw of the places of who joined before the start',
    joined               BIGINT      NOT NULL DEFAULT 0,
    drawn                BIGINT      NULL COMMENT 'joined before the start; NULL until the start',
    serving              BIGINT      NOT NULL DEFAULT 0,
    update_time          DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),
    PRIMARY KEY (activity_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

-- Stock added to a live sale by an operator (seckill-service, POST /api/admin/activities/{id}/stock): each
-- top-up is applied to Redis exactly once, recorded by its id in seckill:{aid}:topups in the same script.
CREATE TABLE IF NOT EXISTS stock_top_up (
    id          BIGINT      NOT NULL AUTO_INCREMENT,
    activity_id BIGINT      NOT NULL,
    units       INT         NOT NULL,
    actor_id    BIGINT      NOT NULL,
    create_time DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    PRIMARY KEY (id),
    KEY idx_stock_top_up_activity (activity_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

-- Operator actions on activities and their queues (seckill-service): who, what, when, before -> after.
CREATE TABLE IF NOT EXISTS activity_audit (
    id          BIGINT       NOT NULL AUTO_INCREMENT,
    actor_id    BIGINT       NOT NULL,
    action      VARCHAR(32)  NOT NULL,
    activity_id BIGINT       NULL,
    before_json VARCHAR(2000) NULL,
    after_json  VARCHAR(2000) NULL,
    create_time DATETIME(3)  NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    PRIMARY KEY (id),
    KEY idx_activity_audit_time (create_time)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

-- Operator actions on the blacklist (gateway-service), in the same shape.
CREATE TABLE IF NOT EXISTS blacklist_audit (
    id          BIGINT       NOT NULL AUTO_INCREMENT,
    actor_id    BIGINT       NOT NULL,
    action      VARCHAR(32)  NOT NULL,
    entry_id    BIGINT       NULL,
    before_json VARCHAR(2000) NULL,
    after_json  VARCHAR(2000) NULL,
    create_time DATETIME(3)  NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    PRIMARY KEY (id),
    KEY idx_blacklist_audit_time (create_time)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

-- Columns added after a schema was first created: each is added once to an existing schema. Prepared
-- statements rather than ADD COLUMN IF NOT EXISTS, which MySQL 8 does not have.
SET @ddl = IF((SELECT COUNT(*) FROM information_schema.columns WHERE table_schema = DATABASE()
                 AND table_name = 'mq_consume_log' AND column_name = 'user_id') = 0,
              'ALTER TABLE mq_consume_log ADD COLUMN user_id BIGINT NULL AFTER outcome', 'DO 0');
PREPARE add_column FROM @ddl;
EXECUTE add_column;
DEALLOCATE PREPARE add_column;
