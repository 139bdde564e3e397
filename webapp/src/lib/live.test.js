import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { closeAll, LOST, retryDelay, subscribe } from './live.js';

class FakeSource {
  static all = [];

  constructor(url) { this.url = url; this.closed = false; FakeSource.all.push(this); }

  close() { this.closed = true; }
}

beforeEach(() => { FakeSource.all = []; vi.stubGlobal('EventSource', FakeSource); vi.useFakeTimers(); });
afterEach(() => { closeAll(); vi.unstubAllGlobals(); vi.useRealTimers(); });

const flush = () => vi.advanceTimersByTimeAsync(0);

test('one stream per channel, shared; messages and state reach every listener; the last one closes it', async () => {
  const ticket = vi.fn(() => Promise.resolve({ url: '/live/m/5?t=a' }));
  const a = vi.fn();
  const b = vi.fn();
  const states = [];
  const stopA = subscribe('module:5', ticket, a, (s) => states.push(s));
  const stopB = subscribe('module:5', ticket, b);
  await flush();
  expect(ticket).toHaveBeenCalledTimes(1);
  expect(FakeSource.all).toHaveLength(1);
  const es = FakeSource.all[0];
  expect(es.url).toBe('/live/m/5?t=a');
  es.onopen();
  es.onmessage({ data: '{"kind": "comment.add", "item": 7}' });
  es.onmessage({ data: 'not json' });
  expect(states).toEqual(['connecting', 'live']);
  expect(a.mock.calls.map(([m]) => m.kind)).toEqual(['open', 'comment.add']);
  expect(b).toHaveBeenCalledTimes(2);
  stopA();
  expect(es.closed).toBe(false);
  stopB();
  expect(es.closed).toBe(true);
});

test('a failed stream comes back with a new ticket, after a growing pause', async () => {
  let n = 0;
  const ticket = vi.fn(() => Promise.resolve({ url: `/live/m/5?t=${n += 1}` }));
  const states = [];
  subscribe('module:5', ticket, () => {}, (s) => states.push(s));
  await flush();
  FakeSource.all[0].onerror();
  expect(FakeSource.all[0].closed).toBe(true);
  expect(states.at(-1)).toBe('down');
  await vi.advanceTimersByTimeAsync(999);
  expect(ticket).toHaveBeenCalledTimes(1);
  await vi.advanceTimersByTimeAsync(1);
  expect(ticket).toHaveBeenCalledTimes(2);
  expect(FakeSource.all[1].url).toBe('/live/m/5?t=2');
  expect([retryDelay(0), retryDelay(1), retryDelay(2), retryDelay(10)]).toEqual([1000, 2000, 4000, 30000]);
});

test('a refused ticket is told to the listeners, and tried again', async () => {
  const ticket = vi.fn(() => Promise.reject({ response: { status: 404 } }));
  const heard = [];
  subscribe('module:9', ticket, (m) => heard.push(m));
  await flush();
  expect(heard).toEqual([{ kind: 'error', status: 404 }]);
  await vi.advanceTimersByTimeAsync(1000);
  expect(ticket).toHaveBeenCalledTimes(2);
});

test('a listener who lost the module is told, and the stream closes for good', async () => {
  const ticket = vi.fn(() => Promise.resolve({ url: '/live/m/5?t=a' }));
  const heard = [];
  const states = [];
  subscribe('module:5', ticket, (m) => heard.push(m.kind), (s) => states.push(s));
  await flush();
  const es = FakeSource.all[0];
  es.onopen();
  es.onmessage({ data: JSON.stringify({ kind: LOST, module: 5 }) });
  expect(es.closed).toBe(true);
  expect(states.at(-1)).toBe('down');
  expect(heard).toEqual(['open', 'live.lost']);
  await vi.advanceTimersByTimeAsync(60000);
  expect(ticket).toHaveBeenCalledTimes(1);
  expect(FakeSource.all).toHaveLength(1);
});
