-- Builds an activity's figures in Redis from MySQL and stamps them with this Redis process, in one step.
-- KEYS[1] seckill:{aid}:info   KEYS[2] seckill:{aid}:stock   KEYS[3] seckill:{aid}:users
-- KEYS[4] seckill:{aid}:queued KEYS[5] seckill:{aid}:outbox KEYS[6] seckill:{aid}:topups
-- KEYS[7] seckill:{aid}:lent   KEYS[8] seckill:{aid}:received (transfers between buckets: MySQL counts them all)
-- (the keys of one bucket: an activity sold from several buckets is built bucket by bucket)
-- ARGV[1] mode: 'fresh' (never sold: only when no stock key exists yet) or 'rebuild' (replaces the
--         figures; the caller made sure every accepted purchase is written to MySQL)
-- ARGV[2] units left (MySQL)   ARGV[3..14] info fields and values (6 pairs, stockTotal among them)
-- ARGV[15] n, the number of stock top-ups MySQL counts in those figures   ARGV[16..15+n] their ids
-- ARGV[16+n..] holders' user ids
-- Returns 1 when written, 0 when the state did not allow it (fresh: stock already there;
-- rebuild: an outbox entry appeared, so a purchase is not in MySQL yet).
if ARGV[1] == 'fresh' then
    if redis.call('EXISTS', KEYS[2]) == 1 then
        return 0
    end
elseif redis.call('HLEN', KEYS[5]) > 0 then
    return 0
end
local server = redis.call('INFO', 'server')
redis.call('HSET', KEYS[1], ARGV[3], ARGV[4], ARGV[5], ARGV[6], ARGV[7], ARGV[8], ARGV[9], ARGV[10], ARGV[11], ARGV[12],
        ARGV[13], ARGV[14], 'runId', string.match(server, 'run_id:(%w+)'), 'epoch', tostring(redis.call('LASTSAVE')))
redis.call('DEL', KEYS[3], KEYS[4], KEYS[6], KEYS[7], KEYS[8])
local topUps = tonumber(ARGV[15])
for i = 16, 15 + topUps do
    redis.call('SADD', KEYS[6], ARGV[i])
end
local batch = {}
for i = 16 + topUps, #ARGV do
    batch[#batch + 1] = ARGV[i]
    if #batch == 1000 then
        redis.call('SADD', KEYS[3], unpack(batch))
        batch = {}
    end
end
if #batch > 0 then
    redis.call('SADD', KEYS[3], unpack(batch))
end
-- last: the stock key is what lets purchases in
redis.call('SET', KEYS[2], ARGV[2])
return 1
