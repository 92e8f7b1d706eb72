-- seckill-service's tables: activities (definition and, until order-service keeps a ledger of its own,
-- the stock column that order-service's consumer decrements), waiting rooms, stock top-ups, operator audit.
-- DESIGN.md §6. Run by the service's own Flyway at start-up (history table flyway_seckill_history),
-- the same way locally, in the tests and in compose. IF NOT EXISTS: a database made by the former
-- sql/schema.sql is adopted as it is.

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

CREATE TABLE IF NOT EXISTS stock_top_up (
    id          BIGINT      NOT NULL AUTO_INCREMENT,
    activity_id BIGINT      NOT NULL,
    units       INT         NOT NULL,
    actor_id    BIGINT      NOT NULL,
    create_time DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    PRIMARY KEY (id),
    KEY idx_stock_top_up_activity (activity_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

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
