-- gateway-service's tables: the deny list and its audit.
-- DESIGN.md §6. Run by the service's own Flyway at start-up (history table flyway_gateway_history),
-- the same way locally, in the tests and in compose. IF NOT EXISTS: a database made by the former
-- sql/schema.sql is adopted as it is.

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
