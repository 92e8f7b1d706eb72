-- A dry bucket asks this one for units (an activity sold from several buckets: design.md "Stock buckets").
-- KEYS[1] the giving bucket's stock   KEYS[2] its lent hash   KEYS[3] its info (the stamp)
-- ARGV[1] transfer id   ARGV[2] index of the receiving bucket
-- Half of what is left moves (at least one unit), so a bucket drained by its own shoppers is refilled
-- seldom, and the last units still reach whoever asks. The transfer is written down in the same call as the
-- decrement: units that left are either received (transfer-receive.lua) or found here and received later.
-- Returns the units given: 0 when this bucket is dry too, or its figures are not the ones this Redis
-- process was stamped with (they are being rebuilt).
if redis.call('HGET', KEYS[3], 'epoch') ~= tostring(redis.call('LASTSAVE')) then
    return 0
end
local stock = tonumber(redis.call('GET', KEYS[1]) or '0')
if stock <= 0 then
    return 0
end
local units = math.ceil(stock / 2)
redis.call('DECRBY', KEYS[1], units)
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2] .. ':' .. units)
return units
