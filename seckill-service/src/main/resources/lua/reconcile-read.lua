-- Reads an activity's figures for reconciliation in one step, and only while nothing is in flight.
-- KEYS[1] seckill:{aid}:stock   KEYS[2] seckill:{aid}:users   KEYS[3] seckill:{aid}:outbox
-- KEYS[4] seckill:{aid}:queued  KEYS[5] seckill:{aid}:lent (units on their way to another bucket)
-- (the keys of one bucket: an activity sold from several is read bucket by bucket)
-- Returns {} while a purchase waits in the outbox or is unsettled, or when there is no stock key (figures
-- lost: the warmer's to rebuild); else { stock, digest of the holders, holders... }.
-- Read apart, a purchase accepted between the in-flight check and the reads would be in the figures
-- read yet missing from the MySQL read that follows, and a repair built from both would drop it.
if redis.call('HLEN', KEYS[3]) > 0 or redis.call('ZCARD', KEYS[4]) > 0 or redis.call('HLEN', KEYS[5]) > 0 then
    return {}
end
local stock = redis.call('GET', KEYS[1])
if not stock then
    return {}
end
local holders = redis.call('SMEMBERS', KEYS[2])
table.sort(holders)
local answer = { stock, redis.sha1hex(table.concat(holders, ' ')) }
for i = 1, #holders do
    answer[#answer + 1] = holders[i]
end
return answer
