-- Adds one entry to the Redis copy of the deny list and announces the change, in one step, so an
-- instance that sees the new version always finds the entry. MySQL holds the list; only a full
-- rebuild from it creates the copy, so a copy that is missing (Redis lost it) is never half written.
-- KEYS[1] = seckill:{blacklist}   KEYS[2] = seckill:{blacklist}:version
-- ARGV[1] = entry id   ARGV[2] = the entry as JSON
-- Returns 1 when added, -1 when there is no copy to add to (rebuild it from MySQL).
if redis.call('EXISTS', KEYS[2]) == 0 then
    return -1
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('INCR', KEYS[2])
return 1
