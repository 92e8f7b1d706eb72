-- Stores one blacklist entry and announces the change in one step, so an instance that sees the new
-- version always finds the entry.
-- KEYS[1] = seckill:{blacklist}   KEYS[2] = seckill:{blacklist}:version
-- ARGV[1] = entry id   ARGV[2] = the entry as JSON
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return redis.call('INCR', KEYS[2])
