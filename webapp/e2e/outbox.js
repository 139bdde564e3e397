/** Reading the API's outbox (INSTANCE_DIR/outbox: one .eml per message) and calling the API from a test. */
import fs from 'node:fs';
import path from 'node:path';

function decodeBody(raw) {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split);
  let body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const boundary = (/boundary="?([^";\r\n]+)"?/i.exec(head) || [])[1];
  if (/^Content-Type:\s*multipart\//im.test(head) && boundary) { // each part decoded, their texts one after the other
    const parts = body.split(`--${boundary}`).slice(1).filter((part) => !part.startsWith('--'));
    return { head, body: parts.map((part) => decodeBody(part.replace(/^\r?\n/, '')).body).join('\n') };
  }
  const enc = (/^Content-Transfer-Encoding:\s*(\S+)/im.exec(head) || [])[1] || '7bit';
  if (/^quoted-printable$/i.test(enc)) {
    body = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h) => String.fromCharCode(parseInt(h, 16)));
    body = Buffer.from(body, 'latin1').toString('utf8');
  } else if (/^base64$/i.test(enc)) {
    body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  return { head, body };
}

/** Every message to an address, oldest first: [{to, subject, body, file}]. */
export function mailsTo(outboxDir, address) {
  if (!fs.existsSync(outboxDir)) return [];
  return fs.readdirSync(outboxDir).filter((f) => f.endsWith('.eml')).sort().map((f) => {
    const raw = fs.readFileSync(path.join(outboxDir, f), 'utf8');
    const { head, body } = decodeBody(raw);
    const to = ((/^To:\s*(.+)$/im.exec(head) || [])[1] || '').trim();
    const subject = ((/^Subject:\s*(.+)$/im.exec(head) || [])[1] || '').trim();
    return { to, subject, body, file: f };
  }).filter((m) => m.to.toLowerCase() === address.toLowerCase());
}

/** The last message to an address, waiting for it to be written. */
export async function waitForMail(outboxDir, address, { after = 0, ms = 10000 } = {}) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const all = mailsTo(outboxDir, address);
    if (all.length > after) return all[all.length - 1];
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${address} in ${outboxDir}`);
}

/** The path and query of the first link in a text that goes to `route` ('/invitation', '/reset-password'). */
export function linkPath(text, route) {
  const m = new RegExp(`https?://[^\\s/]+(${route.replace('/', '\\/')}\\?token=[^\\s]+)`).exec(text);
  if (!m) throw new Error(`no ${route} link in:\n${text}`);
  return m[1];
}

/** A tiny API client for test set-up: sign in, then call with the bearer token. */
export async function apiAs(base, username, password = 'demo1234') {
  const res = await fetch(`${base}/json/login`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username, password }),
  });
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
  const { token } = await res.json();
  const call = async (method, url, body) => {
    const headers = { Authorization: `Bearer ${token}` };
    let payload;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) { headers['Content-Type'] = 'application/json'; payload = JSON.stringify(body); }
    const r = await fetch(`${base}${url}`, { method, headers, body: payload });
    const text = await r.text();
    let data = null;
    try { data = JSON.parse(text); } catch { data = text; }
    return { status: r.status, data };
  };
  return {
    token,
    get: (url) => call('GET', url),
    post: (url, body) => call('POST', url, body),
    put: (url, body) => call('PUT', url, body),
    del: (url) => call('DELETE', url),
    form(fields) {
      const fd = new FormData();
      Object.entries(fields).forEach(([k, v]) => fd.append(k, v === null || v === undefined ? '' : String(v)));
      return fd;
    },
  };
}

/** The values of a server-described form (GET url), as {name: value}. */
export async function formValues(client, url) {
  const { data } = await client.get(url);
  const values = {};
  const walk = (els) => (els || []).forEach((el) => {
    if (el.type === 'compound') { walk(el.elements); return; }
    values[el.name] = el.value === null || el.value === undefined ? '' : el.value;
  });
  walk(data.elements);
  return { values, form: data };
}

/** Fill a server-described form and send it (the form's other values as they are); the item it answers. */
export async function submitForm(client, url, fields) {
  const { values, form } = await formValues(client, url);
  const res = await client.post(form.action, client.form({ ...values, ...fields, _method: form.method }));
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.data)}`);
  return res.data.item;
}

/** The demo's consortium portal and its Lisbon project, looked up by name. */
export async function lisbon(client) {
  const portals = (await client.get('/api/membership/list-entry-modules')).data.list;
  for (const p of portals) {
    const kids = (await client.get(`/api/module/list/${p.id}`)).data.list || [];
    const project = kids.find((k) => /Lisbon/.test(k.name));
    if (project) return { portalId: p.id, projectId: project.id, project };
  }
  throw new Error('the demo has no Lisbon project');
}
