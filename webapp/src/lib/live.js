/**
 * Live updates (docs/architecture.md 'Events'): one EventSource per channel, shared by every component listening
 * to it. A channel opens with a ticket from the API (`getTicket()` resolves with {url, expiresIn}; nginx's nchan
 * asks the API whether the ticket's user may view the module before it lets the stream in). Messages are small
 * hints ({id, kind, module, item, scope}); the page reads what changed through the API.
 *
 * When a stream fails (a refused or expired ticket, nginx restarted, a channel the server closed), it is opened
 * again with a new ticket after 1 s, 2 s, 4 s ... at most 30 s. Listeners hear the state ('connecting', 'live',
 * 'down') and, every time a stream opens, {kind: 'open'}: what was missed meanwhile is read again then.
 * A listener who may no longer view the module is told so ({kind: 'live.lost'}): the stream closes and stays
 * 'down' (a new ticket would be refused), and the page, reading the module again, shows why.
 */
import { getConfig } from './config.js';

const channels = new Map();
export const MAX_RETRY_MS = 30000;
export const LOST = 'live.lost';

export function retryDelay(attempt) {
  return Math.min(MAX_RETRY_MS, 1000 * 2 ** Math.max(0, attempt));
}

function setState(ch, state) {
  ch.state = state;
  ch.states.forEach((fn) => fn(state));
}

function emit(ch, message) {
  ch.listeners.forEach((fn) => fn(message));
}

function closeSource(ch) {
  if (ch.source) {
    ch.source.onopen = null;
    ch.source.onmessage = null;
    ch.source.onerror = null;
    ch.source.close();
    ch.source = null;
  }
}

function retry(ch) {
  closeSource(ch);
  if (ch.closed) return;
  setState(ch, 'down');
  clearTimeout(ch.timer);
  ch.timer = setTimeout(() => open(ch), retryDelay(ch.attempt));
  ch.attempt += 1;
}

function open(ch) {
  if (ch.closed) return;
  if (typeof EventSource === 'undefined') {
    setState(ch, 'down');
    return;
  }
  if (ch.state !== 'down') setState(ch, 'connecting');
  Promise.resolve().then(() => ch.getTicket()).then((ticket) => {
    if (ch.closed) return;
    const source = new EventSource(`${getConfig().apiBase || ''}${ticket.url}`);
    ch.source = source;
    source.onopen = () => {
      ch.attempt = 0;
      setState(ch, 'live');
      emit(ch, { kind: 'open' });
    };
    source.onmessage = (e) => {
      let message = null;
      try { message = JSON.parse(e.data); } catch { return; }
      if (!message || typeof message.kind !== 'string') return;
      if (message.kind === LOST) {
        closeSource(ch);
        setState(ch, 'down');
      }
      emit(ch, message);
    };
    // Every failure takes a new ticket (the one in the url may have expired, or the right gone).
    source.onerror = () => retry(ch);
  }).catch((err) => {
    if (ch.closed) return;
    const status = err && err.response && err.response.status;
    emit(ch, { kind: 'error', status: status || null });
    retry(ch);
  });
}

/**
 * Listen to channel `key` (opened with `getTicket` by its first listener): `onMessage(message)` for each hint and
 * {kind: 'open'}, `onState(state)` at once and at each change. Returns the function that stops listening; the
 * stream closes with its last listener.
 */
export function subscribe(key, getTicket, onMessage, onState) {
  let ch = channels.get(key);
  if (!ch) {
    ch = { key, listeners: new Set(), states: new Set(), source: null, state: 'connecting', timer: null, attempt: 0,
      getTicket, closed: false };
    channels.set(key, ch);
    open(ch);
  }
  ch.listeners.add(onMessage);
  if (onState) {
    ch.states.add(onState);
    onState(ch.state);
  }
  return () => {
    ch.listeners.delete(onMessage);
    if (onState) ch.states.delete(onState);
    if (ch.listeners.size === 0) {
      ch.closed = true;
      clearTimeout(ch.timer);
      closeSource(ch);
      channels.delete(key);
    }
  };
}

/** Close every stream (sign-out). */
export function closeAll() {
  [...channels.values()].forEach((ch) => {
    ch.closed = true;
    clearTimeout(ch.timer);
    closeSource(ch);
  });
  channels.clear();
}
