-- Consumes a one-time purchase path: deletes it only when it equals the one the client sent,
-- in one atomic step, so a path can never be used twice even by concurrent requests.
-- KEYS[1] = seckill:{aid}:path:{uid}   ARGV[1] = the path from the request
-- Returns 1 when the path matched and is now gone, 0 when it was missing, expired or different.
if redis.call('GET', KEYS[1]) == ARGV[1] then
    redis.call('DEL', KEYS[1])
    return 1
end
return 0
