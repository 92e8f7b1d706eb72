-- Applies order-service's settlements of one activity (common Settlement, DESIGN.md §5 keys).
-- KEYS[1] seckill:{aid}:stock   KEYS[2] seckill:{aid}:users   KEYS[3] seckill:{aid}:queued
-- KEYS[4] seckill:{aid}:returned
-- ARGV: groups of four: kind (CREATED, REFUSED, DUPLICATE, ENDED), user id, request id ('' for ENDED),
-- order id ('' unless ENDED).
-- A settled request is no longer in flight. A unit comes back once per request or order, however often
-- its settlement is applied (the marker in KEYS[4]): REFUSED and ENDED also drop the user's hold, so they
-- may buy again, and only while they still hold it (a hold taken again since, after a cancel, is not
-- theirs to drop: the marker stops a second application first); DUPLICATE leaves the hold, which is an
-- earlier order's. With no stock key (figures being rebuilt from MySQL, which counts the unit already)
-- nothing is added.
-- Returns how many units came back.
local back = 0
for i = 1, #ARGV, 4 do
    local kind, user, request, order = ARGV[i], ARGV[i + 1], ARGV[i + 2], ARGV[i + 3]
    if request ~= '' then
        redis.call('ZREM', KEYS[3], request)
    end
    if kind ~= 'CREATED' then
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
