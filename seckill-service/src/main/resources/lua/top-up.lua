-- Adds one stock top-up (a stock_top_up row) to an activity's Redis figures, once.
-- KEYS[1] seckill:{aid}:stock   KEYS[2] seckill:{aid}:info   KEYS[3] seckill:{aid}:topups
-- ARGV[1] the top-up's id   ARGV[2] units added to this bucket   ARGV[3] units added to the sale (stockTotal)
-- (the keys of one bucket: a sale sold from several buckets gets each bucket's share, and every bucket's info
-- counts the sale's total)
-- Returns 1 when added now, 2 when it was added before (a retry, another instance, or figures built
-- from MySQL after it), 0 when the activity has no figures in Redis (the warm-up builds them from MySQL,
-- top-ups included).
if redis.call('SISMEMBER', KEYS[3], ARGV[1]) == 1 then
    return 2
end
if redis.call('EXISTS', KEYS[1]) == 0 then
    return 0
end
redis.call('INCRBY', KEYS[1], ARGV[2])
redis.call('HINCRBY', KEYS[2], 'stockTotal', ARGV[3] or ARGV[2])
redis.call('SADD', KEYS[3], ARGV[1])
return 1
