-- Token buckets of one request, all or nothing, in one round trip: a request takes one token from
-- every bucket it falls under (client address, user, activity) or from none, so a client refused by
-- its own user bucket does not drain the address or activity buckets others share.
-- KEYS[i] = seckill:rate:...   ARGV[2i-1] = refill rate (tokens per second), ARGV[2i] = capacity
-- Each bucket is a hash {tokens, at}: the level after the last admitted request and when (ms, Redis
-- clock, so gateway instances with skewed clocks still share one time line).
-- Returns 0 when admitted, else the milliseconds until every bucket holds a token again.
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local levels = {}
local wait = 0
for i, key in ipairs(KEYS) do
    local rate = tonumber(ARGV[2 * i - 1])
    local capacity = tonumber(ARGV[2 * i])
    local state = redis.call('HMGET', key, 'tokens', 'at')
    local tokens = tonumber(state[1])
    local at = tonumber(state[2])
    if tokens == nil or at == nil then
        tokens = capacity
    else
        tokens = math.min(capacity, tokens + math.max(0, now - at) * rate / 1000)
    end
    levels[i] = tokens
    if tokens < 1 then
        local needed = math.ceil((1 - tokens) * 1000 / rate)
        if needed > wait then
            wait = needed
        end
    end
end
if wait > 0 then
    return wait
end
for i, key in ipairs(KEYS) do
    local rate = tonumber(ARGV[2 * i - 1])
    local capacity = tonumber(ARGV[2 * i])
    redis.call('HSET', key, 'tokens', levels[i] - 1, 'at', now)
    -- Once the bucket would be full again its state says nothing: let it go.
    redis.call('PEXPIRE', key, math.ceil(capacity * 1000 / rate) + 1000)
end
return 0
