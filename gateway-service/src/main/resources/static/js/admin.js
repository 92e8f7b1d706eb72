'use strict';
/*
 * The admin page (/admin): create an activity (the API's own validation messages beside each field),
 * warm it up, watch its live figures (Redis and MySQL stock, orders by status, the outbox, whether
 * they agree), and keep the blacklist. Administrators only: anyone else is told so plainly.
 */
(() => {
  const { api: call, clock, message, money, dateTime, el } = Seckill;
  const session = new Seckill.Session('admin');
  const api = (method, path, body) => call(session, method, path, body);
  const $ = id => document.getElementById(id);

  const STATS_EVERY_MS = 3000;
  const STATS_AT_MOST = 10;
  /** The API's field names, and the rules named after none, to the input they are about. */
  const FIELD_OF = { timeRangeValid: 'endTime' };

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
        ? 'This page is for administrators. You are signed in as user ' + user.id + ', who is not one: sign out and sign in with an administrator account.'
        : e.code === 'UNAUTHENTICATED' ? 'Your session has ended. Please sign in again.' : 'The administration cannot be reached. ' + message(e));
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
    $('refusal').replaceChildren(el('h1', {}, 'Administrators only'), el('p', {}, text), el('p', {}, el('a', { href: '/' }, 'Go to the shop')));
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
    submit.disabled = true;
    $('createStatus').textContent = 'Creating…';
    try {
      const created = await api('POST', '/api/admin/activities', body);
      $('createStatus').textContent = 'Activity ' + created.id + ' created: "' + created.goodsName + '", '
        + created.stockTotal + ' units at ' + money.format(created.price) + ', from ' + dateTime(created.startTime) + '.';
      form.reset();
      defaults();
      refresh();
    } catch (e) {
      const errors = (e.problem && e.problem.errors) || [];
      const placed = errors.filter(error => fieldError(error.field, error.message));
      $('createStatus').textContent = e.code === 'BAD_REQUEST'
        ? 'Not created: ' + (e.problem.detail || 'check the fields') + (placed.length ? '' : '.')
        : 'Not created. ' + message(e);
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
      $('activitiesStatus').textContent = 'Activities could not be loaded. ' + message(e);
      return;
    }
    const live = list.filter(a => a.status !== 'ENDED').sort((a, b) => b.id - a.id).slice(0, STATS_AT_MOST);
    await Promise.all(live.map(async a => {
      try {
        stats.set(a.id, await api('GET', '/api/admin/activities/' + a.id + '/stats'));
      } catch (e) {
        stats.set(a.id, { error: message(e) });
      }
    }));
    $('activitiesStatus').textContent = list.length ? '' : 'No activities yet: create one above.';
    $('statsUpdated').textContent = '· updated ' + new Date(clock.now()).toLocaleTimeString();
    renderActivities(list.sort((a, b) => b.id - a.id), new Set(live.map(a => a.id)));
  }

  function orderCounts(orders) {
    if (!orders) return 'unknown';
    const parts = Object.entries(orders).filter(([, n]) => n > 0).map(([status, n]) => n + ' ' + status.toLowerCase());
    return parts.length ? parts.join(', ') : 'none';
  }

  function renderActivities(list, withStats) {
    const rows = list.map(a => {
      const s = withStats.has(a.id) ? stats.get(a.id) : null;
      const figures = !s ? ['', '', '', '', '—'] : s.error ? [s.error, '', '', '', '?']
        : [s.redisStock === null || s.redisStock === undefined ? 'not loaded' : String(s.redisStock), String(s.dbStock),
          orderCounts(s.orders), String(s.pendingOutbox), s.consistent ? 'yes' : 'no'];
      const consistent = el('td', { class: s && !s.error ? (s.consistent ? 'ok' : 'bad') : '' }, figures[4]);
      const status = el('p', { class: 'row-status', role: 'status', 'aria-live': 'polite' });
      const warm = el('button', { type: 'button', class: 'secondary warmup', onclick: async () => {
        warm.disabled = true;
        try {
          await api('POST', '/api/admin/activities/' + a.id + '/warmup');
          status.textContent = 'Loaded into Redis.';
          refresh();
        } catch (e) {
          status.textContent = 'Not loaded. ' + message(e);
        } finally {
          warm.disabled = false;
        }
      } }, 'Warm up');
      return el('tr', { id: 'admin-activity-' + a.id, 'data-activity-id': a.id },
        el('td', {}, String(a.id)), el('td', {}, a.goodsName, el('br'), el('span', { class: 'hint' }, money.format(a.price) + ' · ' + a.stockTotal + ' units')),
        el('td', {}, a.status.replace('_', ' ').toLowerCase()), el('td', {}, dateTime(a.startTime)),
        el('td', { class: 'redis-stock' }, figures[0]), el('td', { class: 'db-stock' }, figures[1]), el('td', { class: 'order-counts' }, figures[2]),
        el('td', { class: 'outbox' }, figures[3]), consistent, el('td', {}, warm, status));
    });
    const focused = document.activeElement && document.activeElement.closest('#activityRows');
    if (!focused) $('activityRows').replaceChildren(...rows); // never pull a row from under the keyboard
  }

  // ---- blacklist ----------------------------------------------------------------------------------

  async function loadBlacklist() {
    try {
      const entries = await api('GET', '/api/admin/blacklist');
      $('blacklistRows').replaceChildren(...entries.map(entry => {
        const remove = el('button', { type: 'button', class: 'secondary', 'aria-label': 'Remove block ' + entry.id, onclick: async () => {
          remove.disabled = true;
          try {
            await api('DELETE', '/api/admin/blacklist/' + entry.id);
            $('blacklistStatus').textContent = 'Block ' + entry.id + ' removed.';
          } catch (e) {
            $('blacklistStatus').textContent = 'Not removed. ' + message(e);
          }
          loadBlacklist();
        } }, 'Remove');
        return el('tr', { 'data-entry-id': entry.id }, el('td', {}, String(entry.id)), el('td', {}, entry.userId ? String(entry.userId) : ''),
          el('td', {}, entry.ip || ''), el('td', {}, entry.reason), el('td', {}, entry.expiresAt ? dateTime(entry.expiresAt) : 'until removed'),
          el('td', {}, dateTime(entry.createdAt)), el('td', {}, remove));
      }));
      if (!entries.length) $('blacklistRows').replaceChildren(el('tr', {}, el('td', { colspan: '7' }, 'Nobody is blocked.')));
    } catch (e) {
      $('blacklistStatus').textContent = 'The blacklist could not be loaded. ' + message(e);
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
      $('blacklistStatus').textContent = 'Blocked (entry ' + entry.id + '): applied by every gateway within a second.';
      $('blacklistForm').reset();
      loadBlacklist();
    } catch (e) {
      $('blacklistStatus').textContent = 'Not blocked: ' + (e.code === 'BAD_REQUEST' ? (e.problem.detail || 'check the fields') : message(e));
    } finally {
      submit.disabled = false;
    }
  }

  // ---- the page -----------------------------------------------------------------------------------

  $('createForm').addEventListener('submit', create);
  $('blacklistForm').addEventListener('submit', block);
  const account = Seckill.accountArea($('account'), session, { admin: true, onChange: signedInChanged });

  (async () => {
    await clock.sync();
    signedInChanged();
  })();
})();
