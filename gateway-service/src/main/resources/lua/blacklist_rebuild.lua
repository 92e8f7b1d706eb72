-- Writes the Redis copy of the deny list from MySQL's entries, unless a copy exists (another instance
-- rebuilt it first; changes since went through it). The version starts from the caller's clock, so it
-- never repeats one an instance may still hold from before the copy was lost.
-- KEYS[1] = seckill:{blacklist}   KEYS[2] = seckill:{blacklist}:version
-- ARGV[1] = the new version   ARGV[2..] = entry id, entry JSON, ...
-- Returns 1 when written, 0 when a copy was there.
if redis.call('EXISTS', KEYS[2]) == 1 then
    return 0
end
redis.call('DEL', KEYS[1])
for i = 2, #ARGV, 2 do
    redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1])
end
redis.call('SET', KEYS[2], ARGV[1])
return 1
