'use strict'
// A crowd of shoppers for ./seckill bench (loadtest, com.seckill.loadtest.bench): autocannon keeps N
// connections busy, each a closed loop; the Java side sets the phase and reads the one JSON line this
// prints. Kept thin on purpose: no figures are computed here beyond counting what came back.
//
//   node crowd.js '{"gateway":"http://127.0.0.1:8080","connections":5000,"seconds":20,
//                   "mode":"purchase"|"browse"|"dbonly","activityId":7,"jwtSecret":"...","firstUser":1000000}'
//
// purchase: a new shopper per iteration (a token of its own): POST /api/seckill/{aid}/token, then, if a
// path came back, POST /api/seckill/{aid}/{path}. browse: GET /api/activities/{aid}, anonymous.
// dbonly: POST /api/buy/{aid} to the DB-only app (its "gateway" is that app), one request per attempt.
const crypto = require('crypto')
const autocannon = require('autocannon')

const phase = JSON.parse(process.argv[2])
const b64 = (data) => Buffer.from(data).toString('base64url')
const header = b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))
let nextUser = phase.firstUser

function token (userId) {
  const now = Math.floor(Date.now() / 1000)
  const claims = b64(JSON.stringify({ sub: String(userId), roles: [], iat: now, exp: now + 3600 }))
  const signature = crypto.createHmac('sha256', phase.jwtSecret).update(header + '.' + claims).digest('base64url')
  return header + '.' + claims + '.' + signature
}

const statuses = {}
const samples = {}
function count (kind, status, body) {
  const key = kind + ' ' + status
  statuses[key] = (statuses[key] || 0) + 1
  if (!(key in samples) && status >= 400) {
    samples[key] = String(body).slice(0, 300) // what each kind of refusal said, once
  }
}

const base = '/api/seckill/' + phase.activityId
const modes = {}
modes.dbonly = [{
  method: 'POST',
  path: '/api/buy/' + phase.activityId,
  onResponse: (status, body) => count('dbonly', status, body)
}]
modes.browse = [{
  method: 'GET',
  path: '/api/activities/' + phase.activityId,
  onResponse: (status, body) => count('browse', status, body)
}]
modes.purchase = [{
  method: 'POST',
  path: base + '/token',
  setupRequest: (req, context) => {
    context.auth = 'Bearer ' + token(nextUser++)
    req.headers = { authorization: context.auth }
    return req
  },
  onResponse: (status, body, context) => {
    count('token', status, body)
    context.path = status === 200 ? JSON.parse(body).path : null
  }
}, {
  method: 'POST',
  setupRequest: (req, context) => {
    if (!context.path) {
      return null // no path: this shopper starts over, as a new one
    }
    req.path = base + '/' + context.path
    req.headers = { authorization: context.auth }
    return req
  },
  onResponse: (status, body) => count('purchase', status, body)
}]
const requests = modes[phase.mode]
if (!requests) {
  console.error('unknown mode: ' + phase.mode)
  process.exit(2)
}

const instance = autocannon({
  url: phase.gateway,
  connections: phase.connections,
  duration: phase.seconds,
  timeout: phase.timeoutSeconds || 10,
  requests
}, (error, result) => {
  if (error) {
    console.error(error.message)
    process.exit(1)
  }
  const latency = result.latency
  console.log(JSON.stringify({
    seconds: result.duration,
    requests: result.requests.total,
    timeouts: result.timeouts,
    errors: result.errors,
    resets: result.resets || 0,
    latencyMs: { p50: latency.p50, p90: latency.p90, p99: latency.p99, max: latency.max, mean: latency.mean },
    statuses,
    samples,
    times
  }))
})
// answer times by status, in 1 ms buckets up to 10 s (the Java side reads percentiles off them)
const times = {}
instance.on('response', (client, statusCode, bytes, responseTime) => {
  const byStatus = times[statusCode] || (times[statusCode] = {})
  const bucket = Math.min(10000, Math.ceil(responseTime))
  byStatus[bucket] = (byStatus[bucket] || 0) + 1
})
process.once('SIGINT', () => instance.stop())
