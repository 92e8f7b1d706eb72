'use strict';
/*
 * The admin page (/admin): create an activity (the API's own validation messages beside each field),
 * warm it up, watch its live figures (Redis and MySQL stock, orders by status, the outbox, whether
 * they agree), look up and refund any order, and keep the blacklist. Administrators only: anyone else is told so plainly.
 */
(() => {
  const { api: call, clock, message, money, dateTime, el, t } = Seckill;
  const session = new Seckill.Session('admin');
  const api = (method, path, body) => call(session, method, path, body);
  const $ = id => document.getElementById(id);

  const STATS_EVERY_MS = 3000;
  const STATS_AT_MOST = 10;
  /** The API's field names, and the rules named after none, to the input they are about. */
  const FIELD_OF = { timeRangeValid: 'endTime', oneBucketWithWaitingRoom: 'buckets' };

  let timer = null;

  // ---- who may use the page ---------------------------------------------------------------------

  async function signedInChanged() {
    clearInterval(timer);
    $('console').hidden = true;
    $('refusal').hidden = true;
    const user = session.user;
    $('signedOut').hidden = !!user;
    if (!user) return;
    try {
      await api('GET', '/api/admin/blacklist');
    } catch (e) {
      refuse(e.code === 'FORBIDDEN'
        ? t('This page is for administrators. You are signed in as user {id}, who is not one: sign out and sign in with an administrator account.', { id: user.id })
        : e.code === 'UNAUTHENTICATED' ? t('Your session has ended. Please sign in again.') : t('The administration cannot be reached. ') + message(e));
      if (e.code === 'UNAUTHENTICATED') {
        session.signOut();
        account.render();
      }
      return;
    }
    $('console').hidden = false;
    defaults();
    refresh();
    loadBlacklist();
    timer = setInterval(refresh, STATS_EVERY_MS);
  }

  function refuse(text) {
    $('refusal').replaceChildren(el('h1', {}, t('Administrators only')), el('p', {}, text), el('p', {}, el('a', { href: '/' }, t('Go to the shop'))));
    $('refusal').hidden = false;
  }

  // ---- new activity -----------------------------------------------------------------------------

  /** yyyy-MM-ddTHH:mm:ss in this browser's time zone, what a datetime-local input holds. */
  function localInput(epochMs) {
    const d = new Date(epochMs);
    const two = n => String(n).padStart(2, '0');
    return d.getFullYear() + '-' + two(d.getMonth() + 1) + '-' + two(d.getDate()) + 'T' + two(d.getHours()) + ':'
      + two(d.getMinutes()) + ':' + two(d.getSeconds());
  }

  function defaults() {
    const start = Math.ceil((clock.now() + 2 * 60000) / 60000) * 60000;
    if (!$('startTime').value) $('startTime').value = localInput(start);
    if (!$('endTime').value) $('endTime').value = localInput(start + 3600000);
    if (!$('goodsId').value) $('goodsId').value = String(Math.floor(Math.random() * 900000) + 100000);
  }

  function clearErrors(form) {
    form.querySelectorAll('[aria-invalid]').forEach(input => input.removeAttribute('aria-invalid'));
    form.querySelectorAll('.field-error').forEach(span => { span.textContent = ''; });
  }

  function fieldError(name, text) {
    const input = $(FIELD_OF[name] || name);
    const span = $((FIELD_OF[name] || name) + '-error');
    if (!input || !span) return false;
    input.setAttribute('aria-invalid', 'true');
    span.textContent = span.textContent ? span.textContent + ' ' + text : text;
    return true;
  }

  /** A datetime-local value as an instant with its offset, or null when empty or not a date. */
  function instant(value) {
    if (!value) return null;
    const date = new Date(value);
    return isNaN(date.getTime()) ? null : date.toISOString();
  }

  function number(value) {
    return value === '' ? null : Number(value);
  }

  async function create(event) {
    event.preventDefault();
    const form = $('createForm');
    const submit = $('createSubmit');
    if (submit.disabled) return;
    clearErrors(form);
    const body = {
      goodsId: number($('goodsId').value),
      goodsName: $('goodsName').value.trim(),
      price: number($('price').value),
      stock: number($('stock').value),
      startTime: instant($('startTime').value),
      endTime: instant($('endTime').value),
      captchaRequired: $('captchaRequired').checked,
    };
    const buckets = number($('buckets').value);
    if (buckets !== 1) body.buckets = buckets; // one is the default: the request stays as it always was
    if ($('waitingRoomEnabled').checked) {
      body.waitingRoom = { enabled: true, admissionPerSecond: number($('admissionPerSecond').value),
        opensBeforeSeconds: number($('opensBeforeSeconds').value), admissionSeconds: number($('admissionSeconds').value) };
    }
    submit.disabled = true;
    $('createStatus').textContent = t('Creating…');
    try {
      const created = await api('POST', '/api/admin/activities', body);
      $('createStatus').textContent = t('Activity {id} created: "{name}", {stock} units at {price}, from {start}.', { id: created.id,
        name: created.goodsName, stock: created.stockTotal, price: money.format(created.price), start: dateTime(created.startTime) });
      form.reset();
      defaults();
      refresh();
    } catch (e) {
      const errors = (e.problem && e.problem.errors) || [];
      const placed = errors.filter(error => fieldError(error.field, error.message));
      $('createStatus').textContent = e.code === 'BAD_REQUEST'
        ? t('Not created: ') + (e.problem.detail || t('check the fields')) + (placed.length ? '' : '.')
        : t('Not created. ') + message(e);
      const first = form.querySelector('[aria-invalid="true"]');
      if (first) first.focus();
    } finally {
      submit.disabled = false;
    }
  }

  // ---- activities and their live figures ---------------------------------------------------------

  const stats = new Map();

  async function refresh() {
    let list;
    try {
      list = await api('GET', '/api/activities');
    } catch (e) {
      $('activitiesStatus').textContent = t('Activities could not be loaded. ') + message(e);
      return;
    }
    const live = list.filter(a => a.status !== 'ENDED').sort((a, b) => b.id - a.id).slice(0, STATS_AT_MOST);
    await Promise.all(live.map(async a => {
      try {
        stats.set(a.id, await api('GET', '/api/admin/activities/' + a.id + '/stats'));
      } catch (e) {
        stats.set(a.id, { error: message(e) });
      }
      if (a.waitingRoom) {
        try {
          queues.set(a.id, await api('GET', '/api/admin/activities/' + a.id + '/queue'));
        } catch (e) {
          queues.set(a.id, { error: message(e) });
        }
      }
    }));
    loadAudit();
    $('activitiesStatus').textContent = list.length ? '' : t('No activities yet: create one above.');
    $('statsUpdated').textContent = t('· updated {time}', { time: new Date(clock.now()).toLocaleTimeString(I18n.locale) });
    renderActivities(list.sort((a, b) => b.id - a.id), new Set(live.map(a => a.id)));
  }

  function orderCounts(orders) {
    if (!orders) return t('unknown');
    const parts = Object.entries(orders).filter(([, n]) => n > 0).map(([status, n]) => n + ' ' + status.toLowerCase());
    return parts.length ? parts.join(', ') : t('none');
  }

  function renderActivities(list, withStats) {
    const rows = list.map(a => {
      const s = withStats.has(a.id) ? stats.get(a.id) : null;
      const figures = !s ? ['', '', '', '', '—'] : s.error ? [s.error, '', '', '', '?']
        : [s.redisStock === null || s.redisStock === undefined ? t('not loaded') : String(s.redisStock), String(s.dbStock),
          orderCounts(s.orders), String(s.pendingOutbox), s.consistent ? t('yes') : t('no')];
      const consistent = el('td', { class: s && !s.error ? (s.consistent ? 'ok' : 'bad') : '' }, figures[4]);
      const status = el('p', { class: 'row-status', role: 'status', 'aria-live': 'polite' });
      const warm = el('button', { type: 'button', class: 'secondary warmup', onclick: async () => {
        warm.disabled = true;
        try {
          await api('POST', '/api/admin/activities/' + a.id + '/warmup');
          status.textContent = t('Loaded into Redis.');
          refresh();
        } catch (e) {
          status.textContent = t('Not loaded. ') + message(e);
        } finally {
          warm.disabled = false;
        }
      } }, t('Warm up'));
      const units = el('input', { type: 'number', class: 'add-units', min: '1', max: '1000000', step: '1', value: '100',
        'aria-label': t('Units to add') });
      const add = el('button', { type: 'button', class: 'secondary add-stock', onclick: async () => {
        add.disabled = true;
        try {
          const raised = await api('POST', '/api/admin/activities/' + a.id + '/stock', { add: Number(units.value) });
          status.textContent = t('Stock added: {n} units in all.', { n: raised.stockTotal });
          refresh();
        } catch (e) {
          status.textContent = t('Not added. ') + message(e);
        } finally {
          add.disabled = false;
        }
      } }, t('Add stock'));
      const actions = a.status === 'ENDED' ? [warm, status] : [warm, el('br'), units, add, status];
      return el('tr', { id: 'admin-activity-' + a.id, 'data-activity-id': a.id },
        el('td', {}, String(a.id)), el('td', {}, a.goodsName, el('br'), el('span', { class: 'hint' }, money.format(a.price) + ' · ' + t('{n} units', { n: a.stockTotal }))),
        el('td', {}, a.status.replace('_', ' ').toLowerCase()), el('td', {}, dateTime(a.startTime)),
        el('td', { class: 'redis-stock' }, figures[0]), el('td', { class: 'db-stock' }, figures[1]), el('td', { class: 'order-counts' }, figures[2]),
        el('td', { class: 'outbox' }, figures[3]), consistent, queueCell(a), el('td', {}, ...actions));
    });
    const focused = document.activeElement && document.activeElement.closest('#activityRows');
    if (!focused) $('activityRows').replaceChildren(...rows); // never pull a row from under the keyboard
  }

  // ---- waiting rooms ------------------------------------------------------------------------------

  const queues = new Map();

  /** The queue's figures and its controls: a rate to set, pause or resume (each change is audited). */
  function queueCell(a) {
    if (!a.waitingRoom) return el('td', { class: 'queue-cell' }, '—');
    const q = queues.get(a.id);
    if (!q) return el('td', { class: 'queue-cell' });
    if (q.error) return el('td', { class: 'queue-cell' }, q.error);
    const status = el('p', { class: 'row-status', role: 'status', 'aria-live': 'polite' });
    const change = async (body, button) => {
      button.disabled = true;
      try {
        queues.set(a.id, await api('PUT', '/api/admin/activities/' + a.id + '/queue', body));
        status.textContent = t('Queue changed.');
        refresh();
      } catch (e) {
        status.textContent = t('Not changed. ') + message(e);
        button.disabled = false;
      }
    };
    const rate = el('input', { type: 'number', class: 'queue-rate', min: '1', max: '100000', step: '1', value: String(q.admissionPerSecond),
      'aria-label': t('Admissions per second') });
    const setRate = el('button', { type: 'button', class: 'secondary set-rate', onclick: () => change({ admissionPerSecond: Number(rate.value) }, setRate) },
      t('Set rate'));
    const pause = el('button', { type: 'button', class: 'secondary pause', onclick: () => change({ paused: !q.paused }, pause) },
      q.paused ? t('Resume') : t('Pause'));
    return el('td', { class: 'queue-cell', 'data-paused': String(q.paused) },
      el('span', { class: 'queue-figures' }, t('waiting {w} · serving {s} · admitted {a} · {r}/s',
        { w: q.waiting, s: q.serving, a: q.admitted, r: q.admissionPerSecond }) + (q.paused ? ' · ' + t('paused') : '')),
      el('br'), rate, setRate, pause, status);
  }

  // ---- audit log ----------------------------------------------------------------------------------

  const summary = json => (json === null || json === undefined ? '—' : JSON.stringify(json));

  async function loadAudit() {
    try {
      const actions = await api('GET', '/api/admin/audit?limit=20');
      $('auditRows').replaceChildren(...actions.map(action => el('tr', { class: 'audit-row' },
        el('td', {}, dateTime(action.at)), el('td', {}, t('user {id}', { id: action.actorId })), el('td', {}, action.action),
        el('td', {}, action.target || ''), el('td', { class: 'audit-change' }, summary(action.before) + ' → ' + summary(action.after)))));
      $('auditStatus').textContent = actions.length ? '' : t('No operator action yet.');
    } catch (e) {
      $('auditStatus').textContent = t('The audit log could not be loaded. ') + message(e);
    }
  }

  // ---- orders -------------------------------------------------------------------------------------

  let shownOrder = null;
  const sleep = ms => new Promise(resolve => setTimeout(resolve, ms));

  /** Shows any order by id (whose, what, in which state); a paid one can be refunded from here, with a reason. */
  async function lookUpOrder(event) {
    if (event) event.preventDefault();
    const id = $('orderId').value.trim();
    if (!/^[1-9][0-9]{0,18}$/.test(id)) {
      $('orderStatus').textContent = t('Enter an order id.');
      return;
    }
    try {
      showOrder(await api('GET', '/api/admin/orders/' + id));
      $('orderStatus').textContent = '';
    } catch (e) {
      showOrder(null);
      $('orderStatus').textContent = e.code === 'NOT_FOUND' ? t('No order {id}.', { id }) : t('The order could not be loaded. ') + message(e);
    }
  }

  function showOrder(order) {
    shownOrder = order;
    $('orderDetails').hidden = !order;
    $('refundForm').hidden = !order || order.status !== 'PAID';
    if (!order) return;
    const row = (term, value) => [el('dt', {}, term), el('dd', {}, value)];
    $('orderDetails').replaceChildren(
      ...row(t('Order'), String(order.id) + ' · ' + order.orderNo),
      ...row(t('Owner'), t('user {id}', { id: order.userId })),
      ...row(t('Goods'), order.goodsName + ' · ' + t('activity {id}', { id: order.activityId })),
      ...row(t('Price'), money.format(order.price)),
      ...row(t('State'), order.status),
      ...row(t('Paid at'), order.payTime ? dateTime(order.payTime) : '—'));
  }

  async function refundOrder(event) {
    event.preventDefault();
    const submit = $('refundSubmit');
    if (submit.disabled || !shownOrder) return;
    const reason = $('refundReason').value.trim();
    if (!reason) {
      $('orderStatus').textContent = t('Give a reason: it goes into the audit log.');
      return;
    }
    submit.disabled = true;
    try {
      const refund = await api('POST', '/api/orders/' + shownOrder.id + '/refund', { reason });
      $('orderStatus').textContent = t('Refund {no} asked for: the order ends refunded once the payment provider confirms.', { no: refund.refundNo });
      $('refundForm').reset();
      for (let i = 0; i < 30 && shownOrder && shownOrder.status === 'PAID'; i++) {
        await sleep(1000);
        showOrder(await api('GET', '/api/admin/orders/' + refund.orderId));
      }
      if (shownOrder && shownOrder.status === 'REFUNDED') $('orderStatus').textContent = t('Refunded (refund {no}).', { no: refund.refundNo });
      loadAudit();
    } catch (e) {
      $('orderStatus').textContent = t('Not refunded. ') + (e.code === 'BAD_REQUEST' ? (e.problem.detail || t('check the fields')) : message(e));
    } finally {
      submit.disabled = false;
    }
  }

  // ---- blacklist ----------------------------------------------------------------------------------

  async function loadBlacklist() {
    try {
      const entries = await api('GET', '/api/admin/blacklist');
      $('blacklistRows').replaceChildren(...entries.map(entry => {
        const remove = el('button', { type: 'button', class: 'secondary', 'aria-label': t('Remove block {id}', { id: entry.id }), onclick: async () => {
          remove.disabled = true;
          try {
            await api('DELETE', '/api/admin/blacklist/' + entry.id);
            $('blacklistStatus').textContent = t('Block {id} removed.', { id: entry.id });
          } catch (e) {
            $('blacklistStatus').textContent = t('Not removed. ') + message(e);
          }
          loadBlacklist();
        } }, t('Remove'));
        return el('tr', { 'data-entry-id': entry.id }, el('td', {}, String(entry.id)), el('td', {}, entry.userId ? String(entry.userId) : ''),
          el('td', {}, entry.ip || ''), el('td', {}, entry.reason), el('td', {}, entry.expiresAt ? dateTime(entry.expiresAt) : t('until removed')),
          el('td', {}, dateTime(entry.createdAt)), el('td', {}, remove));
      }));
      if (!entries.length) $('blacklistRows').replaceChildren(el('tr', {}, el('td', { colspan: '7' }, t('Nobody is blocked.'))));
    } catch (e) {
      $('blacklistStatus').textContent = t('The blacklist could not be loaded. ') + message(e);
    }
  }

  async function block(event) {
    event.preventDefault();
    const submit = $('blockSubmit');
    if (submit.disabled) return;
    const body = { reason: $('blockReason').value.trim() };
    if ($('blockUser').value) body.userId = Number($('blockUser').value);
    if ($('blockIp').value.trim()) body.ip = $('blockIp').value.trim();
    if ($('blockExpires').value) body.expiresAt = instant($('blockExpires').value);
    submit.disabled = true;
    try {
      const entry = await api('POST', '/api/admin/blacklist', body);
      $('blacklistStatus').textContent = t('Blocked (entry {id}): applied by every gateway within a second.', { id: entry.id });
      $('blacklistForm').reset();
      loadBlacklist();
    } catch (e) {
      $('blacklistStatus').textContent = t('Not blocked: ') + (e.code === 'BAD_REQUEST' ? (e.problem.detail || t('check the fields')) : message(e));
    } finally {
      submit.disabled = false;
    }
  }

  // ---- the page -----------------------------------------------------------------------------------

  $('createForm').addEventListener('submit', create);
  $('blacklistForm').addEventListener('submit', block);
  $('orderForm').addEventListener('submit', lookUpOrder);
  $('refundForm').addEventListener('submit', refundOrder);
  const account = Seckill.accountArea($('account'), session, { admin: true, onChange: signedInChanged });

  (async () => {
    await clock.sync();
    signedInChanged();
  })();
})();
