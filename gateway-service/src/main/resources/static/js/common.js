'use strict';
/*
 * Shared by the shop (/) and the admin page (/admin): the API client, the signed-in user, the
 * server's clock and the words shown for every error code. No framework and nothing from another
 * site: the gateway serves every file (its Content-Security-Policy allows nothing else).
 */
const Seckill = (() => {
  const { t } = I18n;

  /** A refused call: the HTTP status, the problem's stable code and detail, and Retry-After in seconds. */
  class ApiError extends Error {
    constructor(status, problem, retryAfter) {
      super((problem && problem.detail) || ('HTTP ' + status));
      this.status = status;
      this.code = (problem && problem.code) || codeOf(status);
      this.problem = problem || {};
      this.retryAfter = retryAfter;
    }
  }

  function codeOf(status) {
    return ({ 0: 'NETWORK', 400: 'BAD_REQUEST', 401: 'UNAUTHENTICATED', 403: 'FORBIDDEN', 404: 'NOT_FOUND',
      409: 'CONFLICT', 410: 'SOLD_OUT', 429: 'RATE_LIMITED', 503: 'BUSY' })[status] || 'INTERNAL';
  }

  /** The signed-in user of one page (the shop and the admin page keep theirs apart). */
  class Session {
    constructor(key) { this.key = 'seckill.' + key + '.token'; }
    get token() { return localStorage.getItem(this.key); }
    signIn(token) { localStorage.setItem(this.key, token); }
    signOut() { localStorage.removeItem(this.key); }
    /** {id, admin, expiresAt} read from the token (the gateway verifies it; this is for display). */
    get user() {
      const token = this.token;
      if (!token) return null;
      try {
        const part = token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
        const claims = JSON.parse(atob(part + '='.repeat((4 - part.length % 4) % 4)));
        if (claims.exp && claims.exp * 1000 < Date.now()) return null;
        return { id: Number(claims.sub), admin: (claims.roles || []).includes('ADMIN') };
      } catch (e) {
        return null;
      }
    }
  }

  /** Calls the API through the gateway; answers the JSON body, throws ApiError with the problem. */
  async function api(session, method, path, body, extraHeaders) {
    const headers = Object.assign({ 'Accept': 'application/json' }, extraHeaders || {});
    if (session && session.token) headers['Authorization'] = 'Bearer ' + session.token;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let response;
    try {
      response = await fetch(path, { method, headers, cache: 'no-store',
        body: body === undefined ? undefined : JSON.stringify(body) });
    } catch (e) {
      throw new ApiError(0, { code: 'NETWORK', detail: e.message });
    }
    const text = await response.text();
    let data = null;
    try { data = text ? JSON.parse(text) : null; } catch (e) { data = null; }
    if (!response.ok) {
      const retryAfter = Number(response.headers.get('Retry-After')) || undefined;
      throw new ApiError(response.status, data, retryAfter);
    }
    return data;
  }

  /**
   * The server's clock: the offset from this device's clock, measured like NTP (the quickest of a
   * few round trips, half of it counted as the way back). Sales start by the server, not the device.
   */
  const clock = {
    offset: 0,
    synced: false,
    async sync() {
      let best = null;
      for (let i = 0; i < 3; i++) {
        try {
          const sent = Date.now();
          const response = await fetch('/api/time', { cache: 'no-store' });
          const { epochMillis } = await response.json();
          const received = Date.now();
          const roundTrip = received - sent;
          if (!best || roundTrip < best.roundTrip) best = { roundTrip, offset: epochMillis + roundTrip / 2 - received };
        } catch (e) {
          // keep the previous offset
        }
      }
      if (best) {
        this.offset = best.offset;
        this.synced = true;
      }
    },
    now() { return Date.now() + this.offset; },
  };

  const MESSAGES = {
    SOLD_OUT: 'Sold out: every unit has been taken.',
    DUPLICATE: 'You already have this item: one per shopper.',
    RATE_LIMITED: 'Too many requests. You can try again in {s} s.',
    BUSY: 'The shop is very busy right now. Please try again in a moment.',
    BLOCKED: 'Purchases from your account or network are blocked. Contact support if this is a mistake.',
    NOT_STARTED: 'The sale has not started yet.',
    ENDED: 'The sale has ended.',
    BAD_PATH: 'That purchase link expired or was already used. Press Buy again.',
    BAD_CAPTCHA: 'Wrong answer to the picture. Here is a new one: try again.',
    NOT_ADMITTED: 'Join the queue and wait for your turn first.',
    UNAUTHENTICATED: 'Your session has ended. Please sign in again.',
    FORBIDDEN: 'You are not allowed to do this.',
    NOT_FOUND: 'Not found: it may have been removed.',
    CONFLICT: 'This can no longer be done: it has changed in the meantime.',
    BAD_REQUEST: 'Please check what you entered.',
    PAYLOAD_TOO_LARGE: 'That is too much data to send.',
    UNSUPPORTED_MEDIA_TYPE: 'The request was refused.',
    METHOD_NOT_ALLOWED: 'The request was refused.',
    INTERNAL: 'Something went wrong on our side. Please try again.',
    NETWORK: 'The shop cannot be reached. Check your connection and try again.',
  };

  /** The sentence for an error: its code's, with the seconds of Retry-After where it has some. */
  function message(error) {
    return t(MESSAGES[error.code] || MESSAGES.INTERNAL, { s: error.retryAfter || 1 });
  }

  const money = new Intl.NumberFormat(I18n.locale, { style: 'currency', currency: 'CNY' });

  function dateTime(iso) {
    return new Date(iso).toLocaleString(I18n.locale, { dateStyle: 'medium', timeStyle: 'medium' });
  }

  /** "Dec 1, 2026, 6:47:12 AM – 7:47:12 AM", the second date only when it is another day. */
  function period(startIso, endIso) {
    const start = new Date(startIso);
    const end = new Date(endIso);
    const sameDay = start.toDateString() === end.toDateString();
    return dateTime(startIso) + ' – ' + (sameDay ? end.toLocaleTimeString(I18n.locale, { timeStyle: 'medium' }) : dateTime(endIso));
  }

  /** 3d 04:05:06, 04:05:06 or 05:06. */
  function countdown(ms) {
    const total = Math.max(0, Math.ceil(ms / 1000));
    const days = Math.floor(total / 86400);
    const hours = Math.floor(total % 86400 / 3600);
    const minutes = Math.floor(total % 3600 / 60);
    const seconds = total % 60;
    const two = n => String(n).padStart(2, '0');
    const clockText = (hours > 0 || days > 0 ? two(hours) + ':' : '') + two(minutes) + ':' + two(seconds);
    return (days > 0 ? days + 'd ' : '') + clockText;
  }

  /** An element with attributes and children: el('p', {class: 'x'}, 'text', child). */
  function el(tag, attributes, ...children) {
    const node = document.createElement(tag);
    Object.entries(attributes || {}).forEach(([name, value]) => {
      if (value === false || value === null || value === undefined) return;
      if (name.startsWith('on')) node.addEventListener(name.slice(2), value);
      else node.setAttribute(name, value === true ? '' : value);
    });
    children.flat().forEach(child => { if (child !== null && child !== undefined) node.append(child); });
    return node;
  }

  /**
   * The sign-in area of a page: the demo sign-in (a user id, where the deployment has it switched
   * on) or a token pasted from elsewhere; once signed in, who and a way out.
   */
  function accountArea(container, session, { admin, onChange }) {
    function render() {
      const user = session.user;
      if (user) {
        container.replaceChildren(el('p', { class: 'who' }, t('Signed in as user '), el('strong', {}, String(user.id)),
          user.admin ? t(' (administrator)') : '', ' ',
          el('button', { type: 'button', class: 'link', id: 'signOut', onclick: () => { session.signOut(); render(); onChange(); } }, t('Sign out'))));
        return;
      }
      const status = el('p', { class: 'form-status', role: 'status', 'aria-live': 'polite' });
      const userId = el('input', { id: 'signInUser', type: 'number', min: '1', step: '1', required: true, inputmode: 'numeric',
        autocomplete: 'username', value: admin ? '1' : '' });
      const asAdmin = el('input', { id: 'signInAdmin', type: 'checkbox', checked: admin });
      const form = el('form', { class: 'signin', id: 'signInForm', onsubmit: async event => {
        event.preventDefault();
        const submit = form.querySelector('button');
        if (submit.disabled) return;
        submit.disabled = true;
        try {
          const answer = await api(null, 'POST', '/api/auth/demo-token', { userId: Number(userId.value), admin: asAdmin.checked });
          session.signIn(answer.token);
          render();
          onChange();
        } catch (e) {
          status.textContent = e.status === 404 ? t('Demo sign-in is switched off here: paste a token below.')
            : e.code === 'BAD_REQUEST' ? t('Enter a user id: a whole number from 1.') : message(e);
          submit.disabled = false;
        }
      } },
      el('label', { for: 'signInUser' }, t('User id')), userId,
      el('label', { class: 'inline', for: 'signInAdmin' }, asAdmin, t(' administrator')),
      el('button', { type: 'submit' }, t('Sign in')));
      const pasted = el('input', { id: 'signInToken', type: 'text', autocomplete: 'off', spellcheck: 'false' });
      const tokenForm = el('form', { class: 'signin', onsubmit: event => {
        event.preventDefault();
        session.signIn(pasted.value.trim());
        if (!session.user) {
          session.signOut();
          status.textContent = t('That is not a valid token, or it has expired.');
          return;
        }
        render();
        onChange();
      } }, el('label', { for: 'signInToken' }, t('Token')), pasted, el('button', { type: 'submit' }, t('Use token')));
      container.replaceChildren(form, el('details', {}, el('summary', {}, t('Signed in elsewhere? Use a token')), tokenForm), status);
    }
    render();
    return { render };
  }

  I18n.apply();
  return { ApiError, Session, api, clock, message, money, dateTime, period, countdown, el, accountArea, t, MESSAGES };
})();
