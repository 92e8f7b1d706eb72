-- Units another bucket gave this one (transfer-give.lua), added once however often this runs.
-- KEYS[1] the receiving bucket's stock   KEYS[2] its received set
-- ARGV[1] transfer id   ARGV[2] units
-- Returns 1 when added now, 2 when added before, 0 when this bucket has no figures (lost with its Redis: the
-- rebuild from MySQL counts every unit again, transfers included, and clears them).
if redis.call('SISMEMBER', KEYS[2], ARGV[1]) == 1 then
    return 2
end
if redis.call('EXISTS', KEYS[1]) == 0 then
    return 0
end
redis.call('INCRBY', KEYS[1], ARGV[2])
redis.call('SADD', KEYS[2], ARGV[1])
return 1
