-- the DB-only app's one table: units left per activity (the bench sets the row before each crowd)
CREATE TABLE IF NOT EXISTS db_only_stock (
    id    BIGINT NOT NULL PRIMARY KEY,
    stock INT    NOT NULL
);
