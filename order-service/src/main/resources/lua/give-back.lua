-- Gives a unit back to Redis for a request that MySQL turned down (DESIGN.md §5 keys).
-- KEYS[1] seckill:{aid}:stock   KEYS[2] seckill:{aid}:users   ARGV[1] user id
-- Idempotent: the unit returns only while the user still holds it in the set, so a redelivered
-- message cannot give the same unit back twice. Returns 1 when a unit was returned.
if redis.call('SREM', KEYS[2], ARGV[1]) == 1 then
    if redis.call('EXISTS', KEYS[1]) == 1 then
        redis.call('INCR', KEYS[1])
    end
    return 1
end
return 0
