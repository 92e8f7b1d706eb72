'use strict';
const $ = id => document.getElementById(id);
let token = sessionStorage.getItem('token');

function log(message) {
  $('log').textContent = new Date().toLocaleTimeString() + '  ' + message + '\n' + $('log').textContent;
}

// Every call goes through the gateway; errors arrive as problem+json with a stable code.
async function api(method, path, body) {
  const headers = { 'Accept': 'application/json' };
  if (token) headers['Authorization'] = 'Bearer ' + token;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  const data = text ? JSON.parse(text) : null;
  if (!response.ok) {
    throw new Error(response.status + ' ' + (data && (data.code + ': ' + data.detail) || response.statusText));
  }
  return data;
}

function cell(row, value) {
  const td = document.createElement('td');
  td.textContent = value == null ? '' : value;
  row.appendChild(td);
  return td;
}

async function signIn() {
  try {
    const userId = Number($('userId').value);
    const answer = await api('POST', '/api/auth/demo-token', { userId, admin: $('admin').checked });
    token = answer.token;
    sessionStorage.setItem('token', token);
    $('who').textContent = 'signed in as ' + userId;
    log('token issued for user ' + userId);
    loadOrders();
  } catch (e) { log('sign-in failed: ' + e.message); }
}

async function loadActivities() {
  try {
    const activities = await api('GET', '/api/activities');
    const body = $('activities');
    body.replaceChildren();
    for (const a of activities) {
      const row = document.createElement('tr');
      [a.id, a.goodsName, a.price, a.stockLeft + '/' + a.stockTotal, a.startTime, a.endTime, a.status].forEach(v => cell(row, v));
      const button = document.createElement('button');
      button.textContent = a.captchaRequired ? 'Buy (captcha)' : 'Buy';
      button.onclick = () => purchase(a);
      cell(row, '').appendChild(button);
      body.appendChild(row);
    }
  } catch (e) { log('activities: ' + e.message); }
}

// A purchase is two calls: ask for a one-time path, then post to it. The answer is a ticket to poll.
// Activities that require a captcha first show an arithmetic image; its answer goes with the path request.
async function purchase(activity) {
  if (!token) { log('sign in first'); return; }
  if (activity.captchaRequired) { showCaptcha(activity.id); return; }
  buy(activity.id, {});
}

async function buy(activityId, body) {
  try {
    const { path } = await api('POST', '/api/seckill/' + activityId + '/token', body);
    const accepted = await api('POST', '/api/seckill/' + activityId + '/' + encodeURIComponent(path));
    log('activity ' + activityId + ': ' + accepted.code + ' (request ' + accepted.requestId + ')');
    poll(accepted.requestId);
  } catch (e) { log('activity ' + activityId + ': ' + e.message); }
}

async function showCaptcha(activityId) {
  try {
    const response = await fetch('/api/seckill/' + activityId + '/captcha', { headers: { 'Authorization': 'Bearer ' + token } });
    if (!response.ok) { const p = await response.json(); throw new Error(response.status + ' ' + p.code + ': ' + p.detail); }
    const image = $('captchaImage');
    if (image.src) URL.revokeObjectURL(image.src);
    image.src = URL.createObjectURL(await response.blob());
    $('captchaActivity').textContent = activityId;
    $('captchaAnswer').value = '';
    $('captchaBox').hidden = false;
    $('captchaSubmit').onclick = () => { $('captchaBox').hidden = true; buy(activityId, { captcha: $('captchaAnswer').value.trim() }); };
  } catch (e) { log('captcha ' + activityId + ': ' + e.message); }
}

function poll(requestId) {
  const timer = setInterval(async () => {
    try {
      const result = await api('GET', '/api/seckill/result/' + encodeURIComponent(requestId));
      if (result.status === 'QUEUED') return;
      clearInterval(timer);
      log('request ' + requestId + ': ' + result.status + (result.orderId ? ' order ' + result.orderId : '') + (result.reason ? ' (' + result.reason + ')' : ''));
      loadOrders();
      loadActivities();
    } catch (e) { clearInterval(timer); log('result ' + requestId + ': ' + e.message); }
  }, 1000);
}

async function loadOrders() {
  if (!token) return;
  try {
    const orders = await api('GET', '/api/orders');
    const body = $('orderRows');
    body.replaceChildren();
    for (const o of orders) {
      const row = document.createElement('tr');
      [o.id, o.activityId, o.goodsName, o.price, o.status].forEach(v => cell(row, v));
      body.appendChild(row);
    }
  } catch (e) { log('orders: ' + e.message); }
}

$('signIn').onclick = signIn;
$('refresh').onclick = loadActivities;
$('orders').onclick = loadOrders;
if (token) $('who').textContent = 'signed in (token from this tab)';
loadActivities();
loadOrders();
