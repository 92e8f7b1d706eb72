-- Settles a request that was accepted but reached no consumer (its message was lost).
-- KEYS[1] seckill:{aid}:stock   KEYS[2] seckill:{aid}:users   KEYS[3] seckill:{aid}:outbox
-- KEYS[4] seckill:{aid}:queued   KEYS[5] seckill:{aid}:returned
-- ARGV[1] user id   ARGV[2] request id
-- Returns 1 when the unit went back, 0 when there was nothing to settle (already settled, or
-- still waiting in the outbox for the relay).
if redis.call('HEXISTS', KEYS[3], ARGV[2]) == 1 then
    return 0
end
if redis.call('ZREM', KEYS[4], ARGV[2]) == 0 then
    return 0
end
-- marked as a settlement's give-back is (settle.lua): a settlement of it arriving after all returns nothing
redis.call('SADD', KEYS[5], 'r:' .. ARGV[2])
if redis.call('SREM', KEYS[2], ARGV[1]) == 1 then
    redis.call('INCR', KEYS[1])
end
return 1
