-- Removes one entry from the Redis copy of the deny list and announces the change, in one step.
-- KEYS[1] = seckill:{blacklist}   KEYS[2] = seckill:{blacklist}:version   ARGV[1] = entry id
-- Returns 1 when removed, 0 when the copy did not hold it, -1 when there is no copy (rebuild it).
if redis.call('EXISTS', KEYS[2]) == 0 then
    return -1
end
if redis.call('HDEL', KEYS[1], ARGV[1]) == 1 then
    redis.call('INCR', KEYS[2])
    return 1
end
return 0
