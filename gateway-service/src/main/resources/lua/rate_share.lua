-- The tokens one gateway instance handed out since it last shared, taken from the buckets all instances share
-- (contract §6 seckill:rate:*), in one round trip for every bucket it touched. Each instance decides requests in
-- memory (LocalBuckets) and shares every few tens of milliseconds; the answer is what all of them left.
-- KEYS[i] = seckill:rate:...   ARGV[3i-2] = refill rate (tokens per second), ARGV[3i-1] = capacity,
-- ARGV[3i] = tokens taken since the last share
-- Each bucket is a hash {tokens, at}: the level after the last share and when (ms, Redis clock, so gateway
-- instances with skewed clocks still share one time line). A level may go below zero (instances that did not yet
-- know handed out more than the bucket held): the bucket then refuses until it has refilled what it owes, down to
-- one capacity at most.
-- Returns each bucket's level afterwards, in thousandths of a token, comma-separated ("" for no bucket).
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local levels = {}
for i, key in ipairs(KEYS) do
    local rate = tonumber(ARGV[3 * i - 2])
    local capacity = tonumber(ARGV[3 * i - 1])
    local taken = tonumber(ARGV[3 * i])
    local state = redis.call('HMGET', key, 'tokens', 'at')
    local tokens = tonumber(state[1])
    local at = tonumber(state[2])
    if tokens == nil or at == nil then
        tokens = capacity
    else
        tokens = math.min(capacity, tokens + math.max(0, now - at) * rate / 1000)
    end
    tokens = math.max(-capacity, tokens - taken)
    redis.call('HSET', key, 'tokens', tokens, 'at', now)
    -- Once the bucket would be full again its state says nothing: let it go.
    redis.call('PEXPIRE', key, math.ceil((capacity - tokens) * 1000 / rate) + 1000)
    levels[i] = string.format('%d', math.floor(tokens * 1000))
end
return table.concat(levels, ',')
