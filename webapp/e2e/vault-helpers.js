/* Shared helpers of the vault and members browser tests: API calls from node, pages, throttling. */
import { PASSWORD, useStack } from './browser.js';

export async function apiToken(stack, email) {
  const res = await fetch(`${stack.url}/json/login`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: email, password: PASSWORD }),
  });
  const body = await res.json();
  if (!body.token) throw new Error(`login of ${email} failed: ${JSON.stringify(body)}`);
  return body.token;
}

export async function apiGet(stack, token, path) {
  const res = await fetch(`${stack.url}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
  return res.json();
}

export async function apiUpload(stack, token, moduleId, title, name, bytes) {
  const fd = new FormData();
  fd.append('title', title);
  fd.append('file', new Blob([bytes]), name);
  const res = await fetch(`${stack.url}/api/vault/upload/${moduleId}`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: fd });
  if (!res.ok) throw new Error(`upload ${name}: ${res.status} ${await res.text()}`);
  return (await res.json()).item;
}

/** The demo portal and its projects by name: {portal, lisbon, oslo, madrid}. */
export async function demoIds(stack) {
  const token = await apiToken(stack, 'admin@demo.eu');
  const entries = (await apiGet(stack, token, '/api/membership/list-entry-modules')).list;
  const portal = entries.find((m) => m.name === '4RinEU Consortium');
  const view = (await apiGet(stack, token, `/api/module/view/${portal.id}`)).item;
  const child = (prefix) => view.children.find((c) => c.name.startsWith(prefix)).id;
  return { portal: portal.id, lisbon: child('Lisbon'), oslo: child('Oslo'), madrid: child('Madrid'), token };
}

/** Slow the browser's uploads down (bytes per second) so that a progress bar can be seen; null restores. */
export async function throttleUploads(context, page, bytesPerSecond) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', bytesPerSecond
    ? { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: bytesPerSecond }
    : { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  return cdp;
}

/** Deterministic bytes of a given length. */
export function bytesOf(n, seed = 7) {
  const b = Buffer.alloc(n);
  let x = seed;
  for (let i = 0; i < n; i += 1) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    b[i] = x >> 16;
  }
  return b;
}

/** Fill a server form as a person would, from node: GET it (for its _token and _version), POST the values. */
export async function apiSubmit(stack, token, url, values, method = 'POST') {
  const form = await apiGet(stack, token, url);
  const fd = new FormData();
  for (const el of form.elements) if (el.type === 'hidden') fd.append(el.name, String(el.value ?? ''));
  for (const [k, v] of Object.entries(values)) fd.set(k, String(v));
  fd.set('_method', method);
  const res = await fetch(`${stack.url}${form.action}`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: fd });
  const body = await res.json();
  if (!res.ok) throw new Error(`submit ${url}: ${res.status} ${JSON.stringify(body)}`);
  return body.item;
}

/**
 * A test file's demo stack and browser, and the demo's ids: `const t = useDemo(more)` gives {stack, browser, ids}
 * filled before the file's tests run (`more(t)` may add to them).
 */
export function useDemo(more) {
  const t = {};
  useStack(async (stack, browser) => {
    Object.assign(t, { stack, browser, ids: await demoIds(stack) });
    if (more) await more(t);
  });
  return t;
}
