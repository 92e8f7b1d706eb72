-- Puts a waiting room's state back into Redis from what MySQL kept of it, unless it is there already.
-- KEYS[1] seckill:{aid}:queue:state
-- ARGV[1] rate   ARGV[2] paused ('1'/'0')   ARGV[3] seed   ARGV[4] joined   ARGV[5] drawn ('' before the start)
-- ARGV[6] serving   ARGV[7] now (epoch ms)
-- Returns 1 when restored, 0 when Redis had it.
if redis.call('HEXISTS', KEYS[1], 'rate') == 1 then
    return 0
end
redis.call('HSET', KEYS[1], 'rate', ARGV[1], 'paused', ARGV[2], 'seed', ARGV[3], 'joined', ARGV[4], 'serving', ARGV[6],
        'tick', ARGV[7])
if ARGV[5] ~= '' then
    redis.call('HSET', KEYS[1], 'drawn', ARGV[5])
end
return 1
