'use strict';
/*
 * The shop (/): activities as cards counting down by the server's clock, the purchase (captcha,
 * one-time path, queued, result pushed by server-sent events or polled), and my orders with pay,
 * cancel and refund. The Buy button is enabled only while the sale is on, by the second, without a reload.
 */
(() => {
  const { api: call, clock, message, money, dateTime, period, countdown, el, t } = Seckill;
  const session = new Seckill.Session('shop');
  const api = (method, path, body, headers) => call(session, method, path, body, headers);
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
  /** How often a step answered 503 BUSY is tried again, each time after the Retry-After the shop asked for. */
  const BUSY_TRIES = 6;
  /** How long the page looks for the order of a purchase whose answer never came. */
  const ORDER_LOOK_MS = 60000;

  const REASONS = {
    SOLD_OUT: t('Sold out: the last units went to shoppers ahead of you.'),
    DUPLICATE: t('You already have this item: one per shopper.'),
    LOST: t('Your request could not be completed and your place was given back. You can try again.'),
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
        else activities.set(data.id, { data, card: null, busy: false, bought: false, retryUntil: 0, captchaShown: false,
          queued: false, admission: null, admissionUntil: 0 });
      }
      for (const id of [...activities.keys()]) {
        if (!seen.has(id)) {
          activities.get(id).card.remove();
          activities.delete(id);
        }
      }
      keepOrder($('activities'), [...activities.values()].sort(shopOrder).map(entry => entry.card || (entry.card = card(entry))));
      $('activitiesStatus').textContent = list.length ? '' : t('Nothing on sale right now. Come back soon.');
      tick();
    } catch (e) {
      $('activitiesStatus').textContent = t('The sale could not be loaded. ') + message(e);
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
        el('img', { class: 'captcha-image', width: '160', height: '50', alt: t('A sum to solve: the captcha picture') }),
        el('label', { for: 'captcha-' + id }, t('Answer to the picture')),
        el('input', { id: 'captcha-' + id, class: 'captcha-answer', inputmode: 'numeric', maxlength: '4', autocomplete: 'off' }),
        el('button', { type: 'button', class: 'link captcha-reload', onclick: () => loadCaptcha(entry) }, t('New picture'))),
      el('div', { class: 'queue', hidden: true },
        el('progress', { class: 'queue-progress', max: '1', 'aria-label': t('In the queue') }),
        el('p', { class: 'queue-text' })),
      el('button', { type: 'button', class: 'buy', onclick: () => buy(entry) }, t('Buy now')),
      el('div', { class: 'outcome', role: 'status', 'aria-live': 'polite' },
        el('progress', { class: 'queued', hidden: true, 'aria-label': t('Waiting for your order') }),
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

  const BADGES = { UPCOMING: t('Starts soon'), ONGOING: t('On sale'), SOLD_OUT: t('Sold out'), ENDED: t('Ended') };

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
      setText(node.querySelector('.stock-text'), t('{left} of {total} left', { left: data.stockLeft, total: data.stockTotal }));
      const badge = node.querySelector('.badge');
      setText(badge, BADGES[state]);
      badge.className = 'badge badge-' + state.toLowerCase();
      setText(node.querySelector('.countdown'), state === 'UPCOMING' ? t('starts in {t}', { t: countdown(Date.parse(data.startTime) - now) })
        : state === 'ONGOING' ? t('ends in {t}', { t: countdown(Date.parse(data.endTime) - now) }) : '');
      setText(node.querySelector('.times'), period(data.startTime, data.endTime));
      renderButton(entry, state, now);
    }
    if (startedJustNow) loadActivities();
  }

  function renderButton(entry, state, now) {
    const button = entry.card.querySelector('.buy');
    const room = entry.data.waitingRoom;
    let label = room ? t('Join the queue') : t('Buy now');
    let enabled = false;
    if (!session.user) label = t('Sign in to buy');
    else if (entry.bought) label = t('Bought');
    else if (entry.busyUntil > now) label = t('Retrying in {s} s', { s: Math.ceil((entry.busyUntil - now) / 1000) });
    else if (entry.queued) label = t('In the queue');
    else if (entry.busy) label = t('Buying…');
    else if (state === 'ENDED') label = t('Sale ended');
    else if (state === 'SOLD_OUT') label = t('Sold out');
    else if (room && now < Date.parse(room.opensAt)) label = t('Queue opens in {t}', { t: countdown(Date.parse(room.opensAt) - now) });
    else if (state === 'UPCOMING' && !room) label = t('Not started');
    else if (entry.retryUntil > now) label = t('Wait {s} s', { s: Math.ceil((entry.retryUntil - now) / 1000) });
    else {
      enabled = true;
      if (entry.data.captchaRequired && !entry.captchaShown) label = t('Buy now (captcha)');
    }
    if (entry.busyUntil > now) {
      say(entry, t('The shop is very busy: trying again in {s} s…', { s: Math.ceil((entry.busyUntil - now) / 1000) }), 'busy');
    }
    if (entry.rateLimitedShown && entry.retryUntil <= now) {
      entry.rateLimitedShown = false;
      say(entry, t('You can try again now.'));
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
      say(entry, t('The picture could not be loaded. ') + message(e), 'error');
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
        say(entry, t('Solve the sum in the picture, then press Buy now again.'));
        return;
      }
      if (!answer.value.trim()) {
        say(entry, t('Type the answer to the picture first.'), 'error');
        answer.focus();
        return;
      }
      body = { captcha: answer.value.trim() };
    }
    if (entry.data.waitingRoom && !(entry.admission && entry.admissionUntil > clock.now())) {
      await queue(entry);
      return;
    }
    entry.busy = true;
    tick();
    say(entry, t('Sending your order…'));
    try {
      const admitted = entry.admission ? { 'X-Seckill-Admission': entry.admission } : undefined;
      const { path } = await patiently(entry, () => api('POST', '/api/seckill/' + id + '/token', body, admitted));
      // the path stays valid while the purchase waits: only an accepted purchase uses it up
      let accepted;
      try {
        accepted = await patiently(entry, () => api('POST', '/api/seckill/' + id + '/' + encodeURIComponent(path)));
      } catch (e) {
        if (!unknownOutcome(e)) throw e;
        // sent, and no answer came back: it may have gone through; the orders say which
        say(entry, t('We could not tell whether your order went through. Looking at your orders…'));
        const order = await orderFor(id);
        if (order) {
          settled(entry, { status: 'SUCCESS', orderId: order.id });
        } else {
          say(entry, t('No order has shown up yet: if your order went through, it will appear in My orders.'));
          loadOrders();
        }
        return;
      }
      entry.card.querySelector('.captcha').hidden = true;
      entry.captchaShown = false;
      queued(entry, true);
      say(entry, t('You are in the queue. Your order is being written…'));
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

  /** The purchase was sent and no answer came back (outcome UNKNOWN, or the network failed): it may have been done. */
  const unknownOutcome = e => (e.problem && e.problem.outcome === 'UNKNOWN') || e.code === 'NETWORK';

  /** This shopper's order for the activity, looked for every 2 s for up to a minute; null if none shows up. */
  async function orderFor(activityId) {
    const until = clock.now() + ORDER_LOOK_MS;
    for (;;) {
      try {
        const found = (await api('GET', '/api/orders')).find(o => o.activityId === activityId);
        if (found) return found;
      } catch (e) {
        // the orders could not be read this time: look again
      }
      if (clock.now() >= until) return null;
      await sleep(2000);
    }
  }

  /**
   * A step of the purchase that the shop may answer 503 BUSY (too many shoppers at once, nothing done):
   * the card says so with a countdown, and the step is sent again once Retry-After has passed, never
   * sooner, a few times before giving up.
   */
  async function patiently(entry, step) {
    for (let tries = 1; ; tries++) {
      try {
        return await step();
      } catch (e) {
        if (e.code !== 'BUSY' || unknownOutcome(e) || tries >= BUSY_TRIES) throw e;
        entry.busyUntil = clock.now() + (e.retryAfter || 1) * 1000;
        tick();
        await sleep((e.retryAfter || 1) * 1000);
        entry.busyUntil = 0;
        say(entry, t('Sending your order…'));
      }
    }
  }

  // ---- the waiting room ------------------------------------------------------------------------

  const ticketKey = entry => 'seckill.ticket.' + entry.data.id + '.' + (session.user ? session.user.id : 0);
  const ticketHeader = entry => {
    const ticket = localStorage.getItem(ticketKey(entry));
    return ticket ? { 'X-Seckill-Ticket': ticket } : undefined;
  };

  /**
   * Joins the activity's waiting room and follows the place, asking again when the shop says to
   * (pollAfterMs: the farther back, the less often); once admitted, buys with the admission at once.
   * The ticket the shop gives is kept in this browser: it keeps the place whatever happens to the shop.
   */
  async function queue(entry) {
    if (entry.queued || !session.user) return;
    const path = '/api/seckill/' + entry.data.id + '/queue';
    entry.queued = true;
    tick();
    try {
      let answer = await patiently(entry, () => api('POST', path, undefined, ticketHeader(entry)));
      for (;;) {
        if (answer.ticket) localStorage.setItem(ticketKey(entry), answer.ticket);
        showPlace(entry, answer);
        if (answer.status === 'ADMITTED') {
          entry.admission = answer.admission;
          entry.admissionUntil = clock.now() + answer.expiresInSeconds * 1000;
          break;
        }
        if (answer.status === 'SOLD_OUT' || answer.status === 'EXPIRED') return;
        await sleep(answer.pollAfterMs || POLL_EVERY_MS);
        answer = await patiently(entry, () => api('GET', path, undefined, ticketHeader(entry)));
      }
    } catch (e) {
      entry.card.querySelector('.queue').hidden = true;
      refused(entry, e);
      return;
    } finally {
      entry.queued = false;
      tick();
    }
    await buy(entry);
  }

  function waitText(seconds) {
    return seconds < 60 ? t('{n} s', { n: Math.max(1, seconds) }) : t('{n} min', { n: Math.ceil(seconds / 60) });
  }

  function showPlace(entry, answer) {
    const box = entry.card.querySelector('.queue');
    const progress = box.querySelector('.queue-progress');
    entry.card.dataset.queue = answer.status;
    box.hidden = false;
    box.dataset.position = answer.position || '';
    let text;
    if (answer.status === 'WAITING' && answer.drawAt) {
      text = t('You are in the queue. Places are drawn at random at the start ({t}): joining earlier gives no advantage.',
        { t: dateTime(answer.drawAt) });
      progress.removeAttribute('value');
    } else if (answer.status === 'WAITING') {
      text = t('You are number {p} in the queue. Serving {s}: about {eta} to go.',
        { p: answer.position, s: answer.serving, eta: waitText(answer.etaSeconds) });
      progress.value = answer.position ? Math.min(1, answer.serving / answer.position) : 0;
    } else if (answer.status === 'PAUSED') {
      text = t('The queue is paused by the shop. You keep your place.');
    } else if (answer.status === 'ADMITTED') {
      text = t("It's your turn! Buying…");
      progress.value = 1;
    } else if (answer.status === 'EXPIRED') {
      text = t('Your turn passed before you bought. Join the queue again.');
      localStorage.removeItem(ticketKey(entry));
    } else {
      text = t('Sold out while you were waiting.');
      entry.data.stockLeft = 0;
    }
    setText(box.querySelector('.queue-text'), text);
    say(entry, '');
  }

  function settled(entry, result) {
    if (result.status === 'SUCCESS') {
      entry.bought = true;
      say(entry, t('Got it! Order {id} is yours: pay for it in My orders below before the time runs out.', { id: result.orderId }), 'success');
      loadOrders();
    } else if (result.status === 'FAIL') {
      if (result.reason === 'DUPLICATE') entry.bought = true;
      say(entry, REASONS[result.reason] || t('Your purchase did not go through.'), 'error');
    } else {
      say(entry, t('Still in the queue: your order will show up in My orders when it is written.'));
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
        entry.card.querySelector('.queue').hidden = true;
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

  const STATUS_WORDS = { PENDING: t('Waiting for payment'), PAID: t('Paid'), CANCELLED: t('Cancelled'), CLOSED: t('Closed unpaid'), REFUNDED: t('Refunded') };

  async function loadOrders() {
    if (!session.user) return;
    try {
      orders = await api('GET', '/api/orders');
      renderOrders();
      $('ordersStatus').textContent = orders.length ? '' : t('No orders yet.');
    } catch (e) {
      if (e.code === 'UNAUTHENTICATED') {
        session.signOut();
        account.render();
        signedInChanged();
        return;
      }
      $('ordersStatus').textContent = t('Your orders could not be loaded. ') + message(e);
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
            el('button', { type: 'button', class: 'pay', onclick: () => pay(order.id) }, t('Pay')),
            el('button', { type: 'button', class: 'cancel secondary', onclick: () => cancel(order.id) }, t('Cancel order')),
            el('button', { type: 'button', class: 'refund secondary', onclick: () => refund(order.id) }, t('Refund'))),
          el('p', { class: 'order-message', role: 'status', 'aria-live': 'polite' }));
      }
      node.dataset.status = order.status;
      setText(node.querySelector('.name'), order.goodsName);
      setText(node.querySelector('.details'), money.format(order.price) + ' · ' + t('order {no}', { no: order.orderNo }) + ' · ' + dateTime(order.createTime));
      const status = node.querySelector('.order-status');
      setText(status, STATUS_WORDS[order.status] || order.status);
      status.className = 'badge order-status badge-' + order.status.toLowerCase();
      const pending = order.status === 'PENDING';
      const left = pending && order.payBefore ? Date.parse(order.payBefore) - now : 0;
      setText(node.querySelector('.pay-countdown'), !pending ? ''
        : left > 0 ? t('pay within {t}', { t: countdown(left) }) : t('time is up: closing…'));
      const action = orderActions.get(order.id);
      const payButton = node.querySelector('.pay');
      const cancelButton = node.querySelector('.cancel');
      payButton.hidden = cancelButton.hidden = !pending;
      payButton.disabled = cancelButton.disabled = !!action || left <= 0;
      setText(payButton, action === 'paying' ? t('Paying…') : t('Pay {amount}', { amount: money.format(order.price) }));
      setText(cancelButton, action === 'cancelling' ? t('Cancelling…') : t('Cancel order'));
      // a paid order may be refunded within the shop's refund window: past it, the answer says so
      const refundButton = node.querySelector('.refund');
      refundButton.hidden = order.status !== 'PAID';
      refundButton.disabled = !!action;
      setText(refundButton, action === 'refunding' ? t('Refunding…') : t('Refund'));
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
      orderSay(orderId, t('Payment {trade} started for {amount}.', { trade: trade.tradeNo, amount: money.format(trade.amount) }));
      try {
        // the sandbox provider (local deployments): it confirms at once, as a real one would later
        await api('POST', '/api/payments/' + encodeURIComponent(trade.tradeNo) + '/simulate');
      } catch (e) {
        if (e.status !== 404) throw e;
        orderSay(orderId, t('Waiting for the payment provider to confirm payment {trade}…', { trade: trade.tradeNo }));
      }
      const order = await followOrder(orderId);
      orderSay(orderId, order && order.status === 'PAID' ? t('Paid. Thank you!') : order ? STATUS_WORDS[order.status] + '.' : t('Waiting for the payment to be confirmed…'));
    } catch (e) {
      orderSay(orderId, t('Payment failed. ') + message(e));
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
      orderSay(orderId, t('Cancelled: the unit went back on sale.'));
      const order = orders.find(o => o.id === orderId);
      const entry = order && activities.get(order.activityId);
      if (entry) entry.bought = false;
    } catch (e) {
      orderSay(orderId, t('Not cancelled. ') + message(e));
    } finally {
      orderActions.delete(orderId);
      await loadOrders();
      loadActivities();
    }
  }

  /** Asks for the refund of a paid order, then follows it until the provider has confirmed it (at most a minute). */
  async function refund(orderId) {
    if (orderActions.has(orderId)) return;
    orderActions.set(orderId, 'refunding');
    renderOrders();
    try {
      const asked = await api('POST', '/api/orders/' + orderId + '/refund', { reason: t('Asked for on the shop page') });
      orderSay(orderId, t('Refund {no} asked for: the money goes back once the payment provider confirms.', { no: asked.refundNo }));
      for (let i = 0; i < 60; i++) {
        await loadOrders();
        const order = orders.find(o => o.id === orderId);
        if (order && order.status === 'REFUNDED') {
          orderSay(orderId, t('Refunded: {amount} is on its way back to you.', { amount: money.format(order.price) }));
          const entry = activities.get(order.activityId);
          if (entry) entry.bought = false;
          return;
        }
        await sleep(1000);
      }
    } catch (e) {
      orderSay(orderId, t('Not refunded. ') + message(e));
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
