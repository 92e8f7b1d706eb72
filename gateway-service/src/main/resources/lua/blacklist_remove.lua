-- Removes one blacklist entry and announces the change, in one step.
-- KEYS[1] = seckill:{blacklist}   KEYS[2] = seckill:{blacklist}:version   ARGV[1] = entry id
-- Returns 1 when the entry existed, 0 otherwise.
if redis.call('HDEL', KEYS[1], ARGV[1]) == 1 then
    redis.call('INCR', KEYS[2])
    return 1
end
return 0
