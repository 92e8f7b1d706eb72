-- Applies order-service's settlements of one activity (common Settlement, contract §5 keys).
-- KEYS[1] seckill:{aid}:stock   KEYS[2] seckill:{aid}:users   KEYS[3] seckill:{aid}:queued
-- KEYS[4] seckill:{aid}:returned   KEYS[5...] seckill:result:{requestId} of requests whose id puts their result
-- in this slot (RequestIds)
-- ARGV[1] how long results are kept (ms), then groups of six: kind (CREATED, REFUSED, DUPLICATE, ENDED), user id,
-- request id ('' for ENDED), order id ('' unless ENDED or CREATED), the index in KEYS of the request's result key
-- ('0': the caller writes it, its key lies in another slot), the result (JSON, '' with no key).
-- A settled request is no longer in flight. A unit comes back once per request or order, however often
-- its settlement is applied (the marker in KEYS[4]): REFUSED and ENDED also drop the user's hold, so they
-- may buy again, and only while they still hold it (a hold taken again since, after a cancel, is not
-- theirs to drop: the marker stops a second application first); DUPLICATE leaves the hold, which is an
-- earlier order's. CREATED for a user who holds nothing is an order whose purchase script never ran in Redis
-- (its answer was lost and the order went through the broker): the hold and the unit are taken now, unless the
-- order has ended already, so that Redis does not sell that unit again. With no stock key (figures being
-- rebuilt from MySQL, which counts the unit already) nothing is added or taken.
-- Returns how many units came back.
local back = 0
local ttl = ARGV[1]
for i = 2, #ARGV, 6 do
    local kind, user, request, order, result = ARGV[i], ARGV[i + 1], ARGV[i + 2], ARGV[i + 3], ARGV[i + 4]
    if request ~= '' then
        redis.call('ZREM', KEYS[3], request)
    end
    -- the outcome is there when the figures agree with it, in the same call
    if result ~= '0' then
        redis.call('SET', KEYS[tonumber(result)], ARGV[i + 5], 'PX', ttl)
    end
    if kind == 'CREATED' then
        if redis.call('EXISTS', KEYS[1]) == 1 and redis.call('SISMEMBER', KEYS[2], user) == 0
                and redis.call('SISMEMBER', KEYS[4], 'o:' .. order) == 0 then
            redis.call('SADD', KEYS[2], user)
            if tonumber(redis.call('GET', KEYS[1])) > 0 then
                redis.call('DECR', KEYS[1])
            end
        end
    else
        local marker = kind == 'ENDED' and ('o:' .. order) or ('r:' .. request)
        if redis.call('SADD', KEYS[4], marker) == 1 then
            local held = kind == 'DUPLICATE' or redis.call('SREM', KEYS[2], user) == 1
            if held and redis.call('EXISTS', KEYS[1]) == 1 then
                redis.call('INCR', KEYS[1])
                back = back + 1
            end
        end
    end
end
return back
