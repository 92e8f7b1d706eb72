-- Rewrites an activity's stock and holders from MySQL, unless anything moved since the caller read them.
-- KEYS[1] seckill:{aid}:stock   KEYS[2] seckill:{aid}:users   KEYS[3] seckill:{aid}:outbox
-- KEYS[4] seckill:{aid}:queued  KEYS[5] seckill:{aid}:info    KEYS[6] seckill:{aid}:lent
-- (the keys of one bucket, with that bucket's share of the stock and its holders)
-- ARGV[1] stock as read before MySQL   ARGV[2] digest of the holders as read before MySQL (reconcile-read.lua)
-- ARGV[3] units left per MySQL        ARGV[4] stockTotal per MySQL   ARGV[5..] holders per MySQL
-- A purchase accepted since the reads changed the stock and the holders (and sits in the queued set until
-- its order is written), so a rewrite built from an older MySQL snapshot is refused rather than undoing it.
-- The holders are compared whole, not counted: a purchase and a unit given back in the same interval
-- leave stock and count as they were.
-- Returns 1 when rewritten, 0 when something was in flight or moved.
if redis.call('HLEN', KEYS[3]) > 0 or redis.call('ZCARD', KEYS[4]) > 0 or redis.call('HLEN', KEYS[6]) > 0 then
    return 0
end
local holders = redis.call('SMEMBERS', KEYS[2])
table.sort(holders)
if (redis.call('GET', KEYS[1]) or '') ~= ARGV[1] or redis.sha1hex(table.concat(holders, ' ')) ~= ARGV[2] then
    return 0
end
-- a stock top-up since the caller read MySQL (or one not yet added here) makes the rewrite wrong
local total = redis.call('HGET', KEYS[5], 'stockTotal')
if total and total ~= ARGV[4] then
    return 0
end
-- figures Redis lost are the warmer's to rebuild, once the purchases in flight are written
if redis.call('HGET', KEYS[5], 'epoch') ~= tostring(redis.call('LASTSAVE')) then
    return 0
end
redis.call('DEL', KEYS[2])
local batch = {}
for i = 5, #ARGV do
    batch[#batch + 1] = ARGV[i]
    if #batch == 1000 then
        redis.call('SADD', KEYS[2], unpack(batch))
        batch = {}
    end
end
if #batch > 0 then
    redis.call('SADD', KEYS[2], unpack(batch))
end
redis.call('SET', KEYS[1], ARGV[3])
return 1
