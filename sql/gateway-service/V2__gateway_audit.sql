-- The gateway's audit log holds more than the blacklist's actions (ADMIN tokens of the demo sign-in too):
-- one table for the gateway's part of the operators' audit log, named for what it is.
RENAME TABLE blacklist_audit TO gateway_audit;
ALTER TABLE gateway_audit RENAME INDEX idx_blacklist_audit_time TO idx_gateway_audit_time;
