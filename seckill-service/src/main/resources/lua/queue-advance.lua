-- Moves the serving position of a waiting room by the time passed at its rate (contract §11, rule 2),
-- and draws the places of those who joined before the start once it has come. Any instance may call it
-- at any time: what moves is owed by the clock, so calls from several instances add up to one rate.
-- KEYS[1] seckill:{aid}:queue:state   KEYS[2] seckill:{aid}:stock
-- ARGV[1] now (epoch ms)   ARGV[2] start of the sale (epoch ms)   ARGV[3] '1' when the purchase tier or the broker cannot take more
-- Returns the serving position, or -1 when the state is not in Redis (restored from MySQL by the caller).
local s = redis.call('HMGET', KEYS[1], 'serving', 'tick', 'rate', 'paused', 'drawn', 'joined')
if not s[3] then
    return -1
end
local now = tonumber(ARGV[1])
local serving = tonumber(s[1] or '0')
if not s[5] then
    if now < tonumber(ARGV[2]) then
        return serving
    end
    -- the start: whoever joined until now is drawn into places 1..joined; later joiners queue behind them
    redis.call('HSET', KEYS[1], 'drawn', s[6] or '0', 'tick', now)
    return serving
end
local stock = tonumber(redis.call('GET', KEYS[2]) or '0')
local tick = tonumber(s[2] or ARGV[1])
if s[4] == '1' or ARGV[3] == '1' or stock <= 0 then
    -- no admission while paused, saturated or sold out; the time stopped is not owed afterwards
    redis.call('HSET', KEYS[1], 'tick', now)
    return serving
end
local rate = tonumber(s[3])
local due = math.floor((now - tick) * rate / 1000)
if due <= 0 then
    return serving
end
local joined = tonumber(s[6] or '0')
if serving + due >= joined then
    -- never ahead of the queue: a crowd joining later is let in at the rate, not all at once
    redis.call('HSET', KEYS[1], 'serving', math.max(serving, joined), 'tick', now)
    return math.max(serving, joined)
end
redis.call('HSET', KEYS[1], 'serving', serving + due, 'tick', tick + math.floor(due * 1000 / rate))
return serving + due
