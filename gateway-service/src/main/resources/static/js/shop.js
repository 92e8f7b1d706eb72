'use strict';
/*
 * The shop (/): activities as cards counting down by the server's clock, the purchase (captcha,
 * one-time path, queued, result pushed by server-sent events or polled), and my orders with pay and
 * cancel. The Buy button is enabled only while the sale is on, by the second, without a reload.
 */
(() => {
  const { api: call, clock, message, money, dateTime, period, countdown, el } = Seckill;
  const session = new Seckill.Session('shop');
  const api = (method, path, body) => call(session, method, path, body);
  const $ = id => document.getElementById(id);
  /** Text changed only when it differs: no needless work every tick, nothing for assistive tech to re-read. */
  const setText = (node, text) => { if (node.textContent !== text) node.textContent = text; };
  /** Children put in this order only when they are not already: moving a node would drop its focus. */
  const keepOrder = (container, nodes) => {
    const current = [...container.children];
    if (current.length !== nodes.length || current.some((node, i) => node !== nodes[i])) container.replaceChildren(...nodes);
  };

  const TICK_MS = 100;
  const ACTIVITIES_EVERY_MS = 5000;
  const ORDERS_EVERY_MS = 5000;
  const POLL_EVERY_MS = 1000;
  const RESULT_GIVE_UP_MS = 5 * 60 * 1000;

  const REASONS = {
    SOLD_OUT: 'Sold out: the last units went to shoppers ahead of you.',
    DUPLICATE: 'You already have this item: one per shopper.',
    LOST: 'Your request could not be completed and your place was given back. You can try again.',
  };

  /** Per activity: the server's view, and what this page is doing with it. */
  const activities = new Map();
  let orders = [];

  // ---- activities ---------------------------------------------------------------------------

  async function loadActivities() {
    try {
      const list = await api('GET', '/api/activities');
      const seen = new Set();
      for (const data of list) {
        seen.add(data.id);
        const known = activities.get(data.id);
        if (known) known.data = data;
        else activities.set(data.id, { data, card: null, busy: false, bought: false, retryUntil: 0, captchaShown: false });
      }
      for (const id of [...activities.keys()]) {
        if (!seen.has(id)) {
          activities.get(id).card.remove();
          activities.delete(id);
        }
      }
      keepOrder($('activities'), [...activities.values()].sort(shopOrder).map(entry => entry.card || (entry.card = card(entry))));
      $('activitiesStatus').textContent = list.length ? '' : 'Nothing on sale right now. Come back soon.';
      tick();
    } catch (e) {
      $('activitiesStatus').textContent = 'The sale could not be loaded. ' + message(e);
    }
  }

  /** On sale first (newest first), then upcoming (soonest first), sold out, and ended last. */
  function shopOrder(a, b) {
    const now = clock.now();
    const rank = { ONGOING: 0, UPCOMING: 1, SOLD_OUT: 2, ENDED: 3 };
    const stateA = stateOf(a.data, now);
    const stateB = stateOf(b.data, now);
    if (stateA !== stateB) return rank[stateA] - rank[stateB];
    const start = entry => Date.parse(entry.data.startTime);
    const byStart = stateA === 'UPCOMING' ? start(a) - start(b) : start(b) - start(a);
    return byStart || b.data.id - a.data.id;
  }

  function card(entry) {
    const id = entry.data.id;
    const node = el('article', { class: 'card', id: 'activity-' + id, 'data-activity-id': id, 'aria-labelledby': 'activity-' + id + '-name' },
      el('h3', { id: 'activity-' + id + '-name', class: 'name' }),
      el('p', { class: 'price' }),
      el('div', { class: 'stock' },
        el('meter', { class: 'stock-meter', min: '0', 'aria-labelledby': 'activity-' + id + '-stock' }),
        el('span', { class: 'stock-text', id: 'activity-' + id + '-stock' })),
      el('p', { class: 'when' }, el('span', { class: 'badge' }), ' ', el('span', { class: 'countdown' })),
      el('p', { class: 'times' }),
      el('div', { class: 'captcha', hidden: true },
        el('img', { class: 'captcha-image', width: '160', height: '50', alt: 'A sum to solve: the captcha picture' }),
        el('label', { for: 'captcha-' + id }, 'Answer to the picture'),
        el('input', { id: 'captcha-' + id, class: 'captcha-answer', inputmode: 'numeric', maxlength: '4', autocomplete: 'off' }),
        el('button', { type: 'button', class: 'link captcha-reload', onclick: () => loadCaptcha(entry) }, 'New picture')),
      el('button', { type: 'button', class: 'buy', onclick: () => buy(entry) }, 'Buy now'),
      el('div', { class: 'outcome', role: 'status', 'aria-live': 'polite' },
        el('progress', { class: 'queued', hidden: true, 'aria-label': 'Waiting for your order' }),
        el('span', { class: 'message' })));
    return node;
  }

  /** What the sale of an activity is at this moment of the server's clock. */
  function stateOf(data, now) {
    if (now >= Date.parse(data.endTime)) return 'ENDED';
    if (now < Date.parse(data.startTime)) return 'UPCOMING';
    if (data.stockLeft <= 0) return 'SOLD_OUT';
    return 'ONGOING';
  }

  const BADGES = { UPCOMING: 'Starts soon', ONGOING: 'On sale', SOLD_OUT: 'Sold out', ENDED: 'Ended' };

  /** Every 100 ms: countdowns, states and buttons, by the server's clock. */
  function tick() {
    const now = clock.now();
    let startedJustNow = false;
    for (const entry of activities.values()) {
      const { data, card: node } = entry;
      const state = stateOf(data, now);
      if (entry.state === 'UPCOMING' && state === 'ONGOING') startedJustNow = true;
      entry.state = state;
      node.dataset.state = state;
      setText(node.querySelector('.name'), data.goodsName);
      setText(node.querySelector('.price'), money.format(data.price));
      const meter = node.querySelector('.stock-meter');
      meter.max = data.stockTotal;
      meter.value = data.stockLeft;
      setText(node.querySelector('.stock-text'), data.stockLeft + ' of ' + data.stockTotal + ' left');
      const badge = node.querySelector('.badge');
      setText(badge, BADGES[state]);
      badge.className = 'badge badge-' + state.toLowerCase();
      setText(node.querySelector('.countdown'), state === 'UPCOMING' ? 'starts in ' + countdown(Date.parse(data.startTime) - now)
        : state === 'ONGOING' ? 'ends in ' + countdown(Date.parse(data.endTime) - now) : '');
      setText(node.querySelector('.times'), period(data.startTime, data.endTime));
      renderButton(entry, state, now);
    }
    if (startedJustNow) loadActivities();
  }

  function renderButton(entry, state, now) {
    const button = entry.card.querySelector('.buy');
    let label = 'Buy now';
    let enabled = false;
    if (!session.user) label = 'Sign in to buy';
    else if (entry.bought) label = 'Bought';
    else if (entry.busy) label = 'Buying…';
    else if (state === 'UPCOMING') label = 'Not started';
    else if (state === 'ENDED') label = 'Sale ended';
    else if (state === 'SOLD_OUT') label = 'Sold out';
    else if (entry.retryUntil > now) label = 'Wait ' + Math.ceil((entry.retryUntil - now) / 1000) + ' s';
    else {
      enabled = true;
      if (entry.data.captchaRequired && !entry.captchaShown) label = 'Buy now (captcha)';
    }
    if (entry.rateLimitedShown && entry.retryUntil <= now) {
      entry.rateLimitedShown = false;
      say(entry, 'You can try again now.');
    }
    setText(button, label);
    if (button.disabled === enabled) button.disabled = !enabled;
  }

  function say(entry, text, kind) {
    const outcome = entry.card.querySelector('.outcome');
    outcome.querySelector('.message').textContent = text;
    outcome.dataset.kind = kind || 'info';
  }

  function queued(entry, on) {
    entry.card.querySelector('.queued').hidden = !on;
  }

  // ---- the purchase ---------------------------------------------------------------------------

  async function loadCaptcha(entry) {
    const box = entry.card.querySelector('.captcha');
    try {
      const response = await fetch('/api/seckill/' + entry.data.id + '/captcha',
        { headers: { 'Authorization': 'Bearer ' + session.token }, cache: 'no-store' });
      if (!response.ok) {
        let problem = null;
        try { problem = await response.json(); } catch (e) { problem = null; }
        throw new Seckill.ApiError(response.status, problem, Number(response.headers.get('Retry-After')) || undefined);
      }
      const image = box.querySelector('img');
      if (image.src) URL.revokeObjectURL(image.src);
      image.src = URL.createObjectURL(await response.blob());
      box.hidden = false;
      entry.captchaShown = true;
      const answer = box.querySelector('input');
      answer.value = '';
      answer.focus();
    } catch (e) {
      say(entry, 'The picture could not be loaded. ' + message(e), 'error');
    }
  }

  async function buy(entry) {
    if (entry.busy || !session.user) return; // a second click while the first is on its way does nothing
    const id = entry.data.id;
    let body = {};
    if (entry.data.captchaRequired) {
      const answer = entry.card.querySelector('.captcha-answer');
      if (!entry.captchaShown) {
        await loadCaptcha(entry);
        say(entry, 'Solve the sum in the picture, then press Buy now again.');
        return;
      }
      if (!answer.value.trim()) {
        say(entry, 'Type the answer to the picture first.', 'error');
        answer.focus();
        return;
      }
      body = { captcha: answer.value.trim() };
    }
    entry.busy = true;
    tick();
    say(entry, 'Sending your order…');
    try {
      const { path } = await api('POST', '/api/seckill/' + id + '/token', body);
      const accepted = await api('POST', '/api/seckill/' + id + '/' + encodeURIComponent(path));
      entry.card.querySelector('.captcha').hidden = true;
      entry.captchaShown = false;
      queued(entry, true);
      say(entry, 'You are in the queue. Your order is being written…');
      const result = await resultOf(entry, accepted.requestId);
      queued(entry, false);
      settled(entry, result);
    } catch (e) {
      queued(entry, false);
      refused(entry, e);
    } finally {
      entry.busy = false;
      tick();
    }
  }

  function settled(entry, result) {
    if (result.status === 'SUCCESS') {
      entry.bought = true;
      say(entry, 'Got it! Order ' + result.orderId + ' is yours: pay for it in My orders below before the time runs out.', 'success');
      loadOrders();
    } else if (result.status === 'FAIL') {
      if (result.reason === 'DUPLICATE') entry.bought = true;
      say(entry, REASONS[result.reason] || 'Your purchase did not go through.', 'error');
    } else {
      say(entry, 'Still in the queue: your order will show up in My orders when it is written.');
      loadOrders();
    }
    loadActivities();
  }

  function refused(entry, error) {
    const now = clock.now();
    switch (error.code) {
      case 'RATE_LIMITED':
        entry.retryUntil = now + (error.retryAfter || 1) * 1000;
        entry.rateLimitedShown = true;
        break;
      case 'SOLD_OUT':
        entry.data.stockLeft = 0;
        break;
      case 'DUPLICATE':
        entry.bought = true;
        break;
      case 'BAD_CAPTCHA':
        loadCaptcha(entry);
        break;
      case 'UNAUTHENTICATED':
        session.signOut();
        account.render();
        signedInChanged();
        break;
      default:
        break;
    }
    say(entry, message(error), 'error');
  }

  /** The outcome of an accepted request: pushed by the server where it can, else polled. */
  async function resultOf(entry, requestId) {
    const outcome = entry.card.querySelector('.outcome');
    if (window.ReadableStream && window.TextDecoder) {
      try {
        const pushed = await streamed(requestId);
        if (pushed) {
          outcome.dataset.transport = 'push';
          return pushed;
        }
      } catch (e) {
        // the stream broke: polling takes over
      }
    }
    outcome.dataset.transport = 'poll';
    return polled(requestId);
  }

  /**
   * GET .../events with the token in the header (EventSource cannot send one), read as a stream:
   * the {@code result} event's data, or null when the stream ends without one (its timeout).
   */
  async function streamed(requestId) {
    const response = await fetch('/api/seckill/result/' + encodeURIComponent(requestId) + '/events',
      { headers: { 'Accept': 'text/event-stream', 'Authorization': 'Bearer ' + session.token }, cache: 'no-store' });
    if (!response.ok || !response.body) return null;
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return null;
      buffer += decoder.decode(value, { stream: true }).replace(/\r\n/g, '\n');
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let name = 'message';
        const data = [];
        for (const line of block.split('\n')) {
          if (line.startsWith('event:')) name = line.slice(6).trim();
          else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
        }
        if (name === 'result') {
          reader.cancel();
          return JSON.parse(data.join('\n'));
        }
        if (name === 'timeout') {
          reader.cancel();
          return null;
        }
      }
    }
  }

  async function polled(requestId) {
    const giveUp = Date.now() + RESULT_GIVE_UP_MS;
    while (Date.now() < giveUp) {
      try {
        const result = await api('GET', '/api/seckill/result/' + encodeURIComponent(requestId));
        if (result.status !== 'QUEUED') return result;
        await sleep(POLL_EVERY_MS);
      } catch (e) {
        if (e.code !== 'BUSY' && e.code !== 'RATE_LIMITED' && e.code !== 'NETWORK') throw e;
        await sleep(Math.max(POLL_EVERY_MS, (e.retryAfter || 0) * 1000));
      }
    }
    return { status: 'QUEUED', requestId };
  }

  const sleep = ms => new Promise(resolve => setTimeout(resolve, ms));

  // ---- my orders ------------------------------------------------------------------------------

  const STATUS_WORDS = { PENDING: 'Waiting for payment', PAID: 'Paid', CANCELLED: 'Cancelled', CLOSED: 'Closed unpaid', REFUNDED: 'Refunded' };

  async function loadOrders() {
    if (!session.user) return;
    try {
      orders = await api('GET', '/api/orders');
      renderOrders();
      $('ordersStatus').textContent = orders.length ? '' : 'No orders yet.';
    } catch (e) {
      if (e.code === 'UNAUTHENTICATED') {
        session.signOut();
        account.render();
        signedInChanged();
        return;
      }
      $('ordersStatus').textContent = 'Your orders could not be loaded. ' + message(e);
    }
  }

  const orderActions = new Map(); // order id -> what this page is doing with it (paying, cancelling)

  function renderOrders() {
    const container = $('orders');
    const now = clock.now();
    const nodes = orders.map(order => {
      let node = document.getElementById('order-' + order.id);
      if (!node) {
        node = el('article', { class: 'order', id: 'order-' + order.id, 'data-activity-id': order.activityId, 'aria-labelledby': 'order-' + order.id + '-name' },
          el('h3', { id: 'order-' + order.id + '-name', class: 'name' }),
          el('p', { class: 'details' }),
          el('p', {}, el('span', { class: 'badge order-status' }), ' ', el('span', { class: 'pay-countdown' })),
          el('div', { class: 'actions' },
            el('button', { type: 'button', class: 'pay', onclick: () => pay(order.id) }, 'Pay'),
            el('button', { type: 'button', class: 'cancel secondary', onclick: () => cancel(order.id) }, 'Cancel order')),
          el('p', { class: 'order-message', role: 'status', 'aria-live': 'polite' }));
      }
      node.dataset.status = order.status;
      setText(node.querySelector('.name'), order.goodsName);
      setText(node.querySelector('.details'), money.format(order.price) + ' · order ' + order.orderNo + ' · ' + dateTime(order.createTime));
      const status = node.querySelector('.order-status');
      setText(status, STATUS_WORDS[order.status] || order.status);
      status.className = 'badge order-status badge-' + order.status.toLowerCase();
      const pending = order.status === 'PENDING';
      const left = pending && order.payBefore ? Date.parse(order.payBefore) - now : 0;
      setText(node.querySelector('.pay-countdown'), !pending ? ''
        : left > 0 ? 'pay within ' + countdown(left) : 'time is up: closing…');
      const action = orderActions.get(order.id);
      const payButton = node.querySelector('.pay');
      const cancelButton = node.querySelector('.cancel');
      payButton.hidden = cancelButton.hidden = !pending;
      payButton.disabled = cancelButton.disabled = !!action || left <= 0;
      setText(payButton, action === 'paying' ? 'Paying…' : 'Pay ' + money.format(order.price));
      setText(cancelButton, action === 'cancelling' ? 'Cancelling…' : 'Cancel order');
      return node;
    });
    keepOrder(container, nodes);
  }

  function orderSay(orderId, text) {
    const node = document.getElementById('order-' + orderId);
    if (node) node.querySelector('.order-message').textContent = text;
  }

  /** Until the order leaves PENDING (the payment's callback, or the close), at most a minute. */
  async function followOrder(orderId) {
    for (let i = 0; i < 60; i++) {
      await loadOrders();
      const order = orders.find(o => o.id === orderId);
      if (!order || order.status !== 'PENDING') return order;
      await sleep(1000);
    }
    return null;
  }

  async function pay(orderId) {
    if (orderActions.has(orderId)) return;
    orderActions.set(orderId, 'paying');
    renderOrders();
    try {
      const trade = await api('POST', '/api/payments', { orderId });
      orderSay(orderId, 'Payment ' + trade.tradeNo + ' started for ' + money.format(trade.amount) + '.');
      try {
        // the sandbox provider (local deployments): it confirms at once, as a real one would later
        await api('POST', '/api/payments/' + encodeURIComponent(trade.tradeNo) + '/simulate');
      } catch (e) {
        if (e.status !== 404) throw e;
        orderSay(orderId, 'Waiting for the payment provider to confirm payment ' + trade.tradeNo + '…');
      }
      const order = await followOrder(orderId);
      orderSay(orderId, order && order.status === 'PAID' ? 'Paid. Thank you!' : order ? STATUS_WORDS[order.status] + '.' : 'Waiting for the payment to be confirmed…');
    } catch (e) {
      orderSay(orderId, 'Payment failed. ' + message(e));
    } finally {
      orderActions.delete(orderId);
      loadOrders();
    }
  }

  async function cancel(orderId) {
    if (orderActions.has(orderId)) return;
    orderActions.set(orderId, 'cancelling');
    renderOrders();
    try {
      await api('POST', '/api/orders/' + orderId + '/cancel');
      orderSay(orderId, 'Cancelled: the unit went back on sale.');
      const order = orders.find(o => o.id === orderId);
      const entry = order && activities.get(order.activityId);
      if (entry) entry.bought = false;
    } catch (e) {
      orderSay(orderId, 'Not cancelled. ' + message(e));
    } finally {
      orderActions.delete(orderId);
      await loadOrders();
      loadActivities();
    }
  }

  // ---- the page -------------------------------------------------------------------------------

  function signedInChanged() {
    const user = session.user;
    $('ordersSection').hidden = !user;
    orders = [];
    $('orders').replaceChildren();
    for (const entry of activities.values()) {
      entry.bought = false;
      say(entry, '');
    }
    if (user) loadOrders();
    tick();
  }

  const account = Seckill.accountArea($('account'), session, { admin: false, onChange: signedInChanged });

  (async () => {
    await clock.sync();
    await loadActivities();
    signedInChanged();
    setInterval(tick, TICK_MS);
    setInterval(() => { if (orders.some(o => o.status === 'PENDING')) renderOrders(); }, 1000);
    setInterval(loadActivities, ACTIVITIES_EVERY_MS);
    setInterval(loadOrders, ORDERS_EVERY_MS);
    setInterval(() => clock.sync(), 60000);
  })();
})();
