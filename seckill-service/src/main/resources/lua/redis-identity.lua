-- Which Redis process holds an activity's keys, and what it was stamped with at warm-up.
-- KEYS[1] seckill:{aid}:info   KEYS[2] seckill:{aid}:stock (the key names route the call to their node)
-- Returns { run_id now, LASTSAVE now, run_id stamped, epoch stamped, stock present (1/0) }.
local server = redis.call('INFO', 'server')
local stamp = redis.call('HMGET', KEYS[1], 'runId', 'epoch')
return { string.match(server, 'run_id:(%w+)'), tostring(redis.call('LASTSAVE')), stamp[1] or '', stamp[2] or '',
         redis.call('EXISTS', KEYS[2]) }
