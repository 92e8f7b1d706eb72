-- A waiting room's figures as they are now, for the gateway's answers to the shoppers still waiting (contract §11).
-- KEYS[1] seckill:{aid}:queue:state   KEYS[2] seckill:{aid}:stock (one hash tag: one Cluster slot)
-- Returns 'rate,paused,seed,joined,drawn,serving,stock', drawn '' before the start and stock '' before the warm-up;
-- '' when the room is not in Redis (seckill-service restores it from MySQL at its next answer).
if redis.call('HEXISTS', KEYS[1], 'rate') == 0 then
    return ''
end
local s = redis.call('HMGET', KEYS[1], 'rate', 'paused', 'seed', 'joined', 'drawn', 'serving')
return table.concat({ s[1], s[2] or '0', s[3] or '', s[4] or '0', s[5] or '', s[6] or '0',
    redis.call('GET', KEYS[2]) or '' }, ',')
