-- A shopper joins the waiting room of an activity, or asks where they stand (contract §11).
-- KEYS[1] seckill:{aid}:queue:state   KEYS[2] seckill:{aid}:queue:members   KEYS[3] seckill:{aid}:queue:admitted
-- KEYS[4] seckill:{aid}:users         KEYS[5] seckill:{aid}:stock      KEYS[6] seckill:{aid}:queue:left
-- ARGV[1] user id   ARGV[2] 'join' or 'poll'   ARGV[3] the join number of the shopper's signed ticket, or ''
-- ARGV[4] now (epoch ms)   ARGV[5] start of the sale (epoch ms)
-- Returns { answer, join number, joined, drawn, serving, paused, rate, admitted at, stock }, answer one of
-- OK, DUPLICATE (holds a unit), NOT_MEMBER (a poll by someone not in the queue), NO_QUEUE (the state is not
-- in Redis: it is restored from MySQL, then asked again), NOT_WARMED (no stock key yet).
if redis.call('HEXISTS', KEYS[1], 'rate') == 0 then
    return { 'NO_QUEUE' }
end
if redis.call('SISMEMBER', KEYS[4], ARGV[1]) == 1 then
    return { 'DUPLICATE' }
end
local stock = redis.call('GET', KEYS[5])
if not stock then
    return { 'NOT_WARMED' }
end
local number = redis.call('HGET', KEYS[2], ARGV[1])
local left = redis.call('HGET', KEYS[6], ARGV[1])
if not number and ARGV[3] ~= '' and (not left or tonumber(ARGV[3]) > tonumber(left)) then
    -- a place Redis lost, given back by its signed ticket (not one whose admission ran out unused)
    number = ARGV[3]
    redis.call('HSET', KEYS[2], ARGV[1], number)
    if tonumber(redis.call('HGET', KEYS[1], 'joined') or '0') < tonumber(number) then
        redis.call('HSET', KEYS[1], 'joined', number)
    end
end
if not number then
    if ARGV[2] ~= 'join' then
        return { 'NOT_MEMBER' }
    end
    if not redis.call('HGET', KEYS[1], 'drawn') and tonumber(ARGV[4]) >= tonumber(ARGV[5]) then
        -- the start has come and no tick has drawn yet: who joined till now is drawn, this join queues behind
        -- them (as queue-advance.lua draws at the start)
        redis.call('HSET', KEYS[1], 'drawn', redis.call('HGET', KEYS[1], 'joined') or '0', 'tick', ARGV[4])
    end
    number = tostring(redis.call('HINCRBY', KEYS[1], 'joined', 1))
    redis.call('HSET', KEYS[2], ARGV[1], number)
end
local s = redis.call('HMGET', KEYS[1], 'joined', 'drawn', 'serving', 'paused', 'rate')
return { 'OK', number, s[1] or '0', s[2] or '', s[3] or '0', s[4] or '0', s[5], redis.call('HGET', KEYS[3], ARGV[1]) or '', stock }
