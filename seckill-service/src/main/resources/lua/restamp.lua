-- The same Redis process saved a snapshot (LASTSAVE moved without a restart): its figures are still
-- the ones it served, so only the stamp moves. Nothing changes if the process is another one by now.
-- KEYS[1] seckill:{aid}:info   ARGV[1] the run_id the caller found stamped and current
-- Returns 1 when restamped.
local server = redis.call('INFO', 'server')
if string.match(server, 'run_id:(%w+)') ~= ARGV[1] or redis.call('HGET', KEYS[1], 'runId') ~= ARGV[1] then
    return 0
end
redis.call('HSET', KEYS[1], 'epoch', tostring(redis.call('LASTSAVE')))
return 1
