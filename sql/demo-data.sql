-- Demo data for ./seckill up: one activity that is on now and for a week, 100 units.
-- INSERT IGNORE keeps an existing demo activity (and what was sold) when up runs again.
INSERT IGNORE INTO seckill_activity (id, goods_id, goods_name, price, stock_total, stock, start_time, end_time, captcha_required)
VALUES (1, 1001, 'Demo phone', 1999.00, 100, 100, UTC_TIMESTAMP(3), UTC_TIMESTAMP(3) + INTERVAL 7 DAY, 0);
