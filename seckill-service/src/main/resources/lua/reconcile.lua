-- Rewrites an activity's stock and holders from MySQL's figures, only while nothing is in flight.
-- KEYS[1] seckill:{aid}:stock   KEYS[2] seckill:{aid}:users   KEYS[3] seckill:{aid}:outbox
-- KEYS[4] seckill:{aid}:queued
-- ARGV[1] expected stock; ARGV[2..] user ids holding live orders
-- Returns 1 when written, 0 when a request was in flight (try later).
if redis.call('HLEN', KEYS[3]) > 0 or redis.call('ZCARD', KEYS[4]) > 0 then
    return 0
end
redis.call('SET', KEYS[1], ARGV[1])
redis.call('DEL', KEYS[2])
for i = 2, #ARGV, 5000 do
    redis.call('SADD', KEYS[2], unpack(ARGV, i, math.min(i + 4999, #ARGV)))
end
return 1
