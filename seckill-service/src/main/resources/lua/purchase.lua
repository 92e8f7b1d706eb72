-- Pre-deduction of one unit for one user, atomically (contract §5).
-- KEYS[1] seckill:{aid}:stock   KEYS[2] seckill:{aid}:users   KEYS[3] seckill:{aid}:outbox
-- KEYS[4] seckill:{aid}:queued  KEYS[5] seckill:{aid}:info    KEYS[6] seckill:{aid}:path:{uid}
-- KEYS[7] seckill:result:{requestId}, in the same slot as the others (the request id is chosen so: RequestIds)
-- ARGV[1] user id   ARGV[2] request id   ARGV[3] order message (JSON)   ARGV[4] accepted at (epoch ms)
-- ARGV[5] the one-time path the request came on
-- ARGV[6] '1' for a first call to a bucket of an activity sold from several: when this bucket is dry (and the
--         user holds nothing), 0 comes back with the path left unused, so that the caller moves units here from
--         another bucket and asks again (StockTransfers); '0' otherwise
-- ARGV[7] the QUEUED result (JSON)   ARGV[8] how long results are kept (ms)
-- Returns 1 success, 0 sold out, 2 duplicate, -1 not warmed up, 3 bad path (not the user's current
-- one: never issued, expired, replaced or used).
-- A request already accepted (the same call sent again after a lost answer) is a success, not a duplicate.
if redis.call('ZSCORE', KEYS[4], ARGV[2]) then
    return 1
end
local stock = redis.call('GET', KEYS[1])
if not stock then
    return -1
end
-- The figures are trusted only from the Redis process that was warmed: LASTSAVE is stamped at warm-up
-- and changes when Redis restarts, so a Redis that came back with older data (an AOF that missed its
-- last second, a replica promoted) sells nothing until the figures are rebuilt from MySQL.
if redis.call('HGET', KEYS[5], 'epoch') ~= tostring(redis.call('LASTSAVE')) then
    return -1
end
-- The path is used up here, in the call that takes the unit, whatever checked it before: a path works
-- once, and only the one seckill-service issued last to this user for this activity.
if redis.call('GET', KEYS[6]) ~= ARGV[5] then
    return 3
end
if ARGV[6] == '1' and tonumber(stock) <= 0 and redis.call('SISMEMBER', KEYS[2], ARGV[1]) == 0 then
    return 0
end
redis.call('DEL', KEYS[6])
-- The duplicate check comes first, so a repeated click never burns a unit.
if redis.call('SISMEMBER', KEYS[2], ARGV[1]) == 1 then
    return 2
end
if tonumber(stock) <= 0 then
    return 0
end
redis.call('DECR', KEYS[1])
redis.call('SADD', KEYS[2], ARGV[1])
-- Written in the same call as the decrement: a unit taken is a message that will be published,
-- and a request that will be settled (or found, if it is not).
redis.call('HSET', KEYS[3], ARGV[2], ARGV[3])
redis.call('ZADD', KEYS[4], ARGV[4], ARGV[2])
-- The result a shopper polls exists from the moment the unit is taken, before any message can settle it.
redis.call('SET', KEYS[7], ARGV[7], 'PX', ARGV[8], 'NX')
return 1
