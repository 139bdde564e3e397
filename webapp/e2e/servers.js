/**
 * Servers for the browser tests, in one place so the front can be switched (vite preview today,
 * nginx later): a Flask API on a free port with a fresh SQLite database seeded with the demo, and
 * the built SPA served with the API behind one origin.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const WEBAPP = path.resolve(HERE, '..');
export const ROOT = path.resolve(WEBAPP, '..');
const VENV_BIN = path.join(ROOT, '.venv', 'bin');

function anyFreePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

// The system may give a port just closed again, before the server it was meant for has bound it: two servers of
// one stack (nginx and the API) were once both told 44195, so the second failed to start. The test files run
// side by side, so a port handed out is claimed for every test process: a file named after it holding the
// claimer's pid, created exclusively; a claim whose process is gone is taken over; claims go at exit.
const CLAIMS = path.join(os.tmpdir(), 'portal-e2e-ports');
const claimed = [];

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
}

function claim(port) {
  const file = path.join(CLAIMS, String(port));
  try {
    fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
  } catch {
    const owner = Number(fs.readFileSync(file, 'utf8'));
    if (owner === process.pid || alive(owner)) return false;
    fs.writeFileSync(file, String(process.pid));
  }
  claimed.push(file);
  return true;
}

process.on('exit', () => claimed.forEach((file) => fs.rmSync(file, { force: true })));

export async function freePort() {
  fs.mkdirSync(CLAIMS, { recursive: true });
  for (;;) {
    const port = await anyFreePort();
    if (claim(port)) return port;
  }
}

async function waitFor(url, ms = 30000, proc = null) {
  const until = Date.now() + ms;
  let last;
  while (Date.now() < until) {
    if (proc && proc.exitCode !== null) throw new Error(`server exited (${proc.exitCode}) before ${url} answered`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
      last = `status ${res.status}`;
    } catch (e) {
      last = e.message;
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${url} did not answer in ${ms} ms (${last})`);
}

function flaskBin() {
  const bin = path.join(VENV_BIN, 'flask');
  if (!fs.existsSync(bin)) throw new Error(`${bin} missing: run 'make install' first`);
  return bin;
}

function databaseEnv(dir, extraEnv = {}) {
  return {
    ...process.env,
    DATABASE_URL: `sqlite:///${path.join(dir, 'e2e.db')}`,
    INSTANCE_DIR: dir,
    UPLOAD_DIR: path.join(dir, 'uploads'),
    MAIL_OUTBOX_DIR: path.join(dir, 'outbox'),
    LOGIN_ADDRESS_LIMITS: '1000 per minute',
    LOGIN_FAILURE_LIMITS: '50 per minute',
    FLASK_DEBUG: '0',
    ...extraEnv,
  };
}

function migrateAndSeed(env) {
  for (const args of [['db', 'upgrade'], ['seed-demo']]) {
    const r = spawnSync(flaskBin(), ['--app', 'api', ...args], { cwd: ROOT, env, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`flask ${args.join(' ')} failed:\n${r.stdout}\n${r.stderr}`);
  }
}

/** The newest change of the code a seeded database comes from (the API and its migrations), in ms. */
function codeStamp() {
  let newest = 0;
  for (const top of ['api', 'migrations']) {
    for (const name of fs.readdirSync(path.join(ROOT, top), { recursive: true })) {
      if (String(name).includes('__pycache__')) continue;
      newest = Math.max(newest, fs.statSync(path.join(ROOT, top, String(name))).mtimeMs);
    }
  }
  return Math.floor(newest);
}

const SEEDS = 'portal-e2e-seed-';

/**
 * A migrated and seeded instance folder (database, uploads), made once per code and day and copied for each stack:
 * migrating and seeding took about 9 s of CPU, for each of some 40 test files. The demo's dates are relative to
 * the day it was seeded, hence the day in the name. Test files run side by side: the first to finish its copy
 * renames it into place, and a loser drops its own.
 */
function seededInstance() {
  const day = new Date().toISOString().slice(0, 10);
  const dir = path.join(os.tmpdir(), `${SEEDS}${day}-${codeStamp()}`);
  if (fs.existsSync(dir)) return dir;
  const building = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-seeding-'));
  migrateAndSeed(databaseEnv(building));
  try {
    fs.renameSync(building, dir);
  } catch (e) {
    fs.rmSync(building, { recursive: true, force: true });
    if (!fs.existsSync(dir)) throw e; // else another test file's copy is in place
  }
  const dayAgo = Date.now() - 24 * 3600 * 1000;
  for (const old of fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith(SEEDS))) {
    const at = path.join(os.tmpdir(), old);
    // (another test file may be removing the same old one: gone is fine)
    const stat = fs.statSync(at, { throwIfNoEntry: false });
    if (at !== dir && stat && stat.mtimeMs < dayAgo) fs.rmSync(at, { recursive: true, force: true });
  }
  return dir;
}

/** A fresh database, migrated and seeded (a copy of the seeded instance, unless `extraEnv` changes it). */
export function prepareDatabase(extraEnv = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  const env = databaseEnv(dir, extraEnv);
  if (Object.keys(extraEnv).length) migrateAndSeed(env);
  else fs.cpSync(seededInstance(), dir, { recursive: true });
  // nginx workers (another user when started as root) read uploads from here via X-Accel-Redirect.
  fs.chmodSync(dir, 0o755);
  return { dir, env };
}

/** Start the API on a free port; `db` from prepareDatabase (a second API may share it). */
export async function startApi(db, extraEnv = {}) {
  const port = await freePort();
  const env = { ...db.env, ...extraEnv };
  const proc = spawn(flaskBin(), ['--app', 'api', 'run', '-h', '127.0.0.1', '-p', String(port), '--no-reload'], {
    cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = [];
  proc.stdout.on('data', (d) => log.push(String(d)));
  proc.stderr.on('data', (d) => log.push(String(d)));
  await waitFor(`http://127.0.0.1:${port}/api/health`, 30000, proc);
  return { port, url: `http://127.0.0.1:${port}`, proc, log };
}

/** Serve webapp/dist with /api and /json proxied to the API (vite preview). */
export async function startWeb(api) {
  if (!fs.existsSync(path.join(WEBAPP, 'dist', 'index.html'))) throw new Error('webapp/dist missing: run scripts/build-webapp.sh');
  const port = await freePort();
  const proc = spawn(path.join(WEBAPP, 'node_modules', '.bin', 'vite'), ['preview', '--port', String(port), '--strictPort', '--host', '127.0.0.1'], {
    cwd: WEBAPP, env: { ...process.env, API_URL: api.url }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = [];
  proc.stdout.on('data', (d) => log.push(String(d)));
  proc.stderr.on('data', (d) => log.push(String(d)));
  await waitFor(`http://127.0.0.1:${port}/`, 30000, proc);
  return { port, url: `http://127.0.0.1:${port}`, proc, log };
}

export async function stop(server) {
  if (!server || !server.proc || server.proc.exitCode !== null) return;
  await new Promise((resolve) => {
    // serve.sh runs in its own process group: a last resort takes gunicorn and nginx with it.
    const kill = () => (server.group ? process.kill(-server.proc.pid, 'SIGKILL') : server.proc.kill('SIGKILL'));
    const t = setTimeout(() => { try { kill(); } catch { /* gone */ } resolve(); }, server.group ? 15000 : 3000);
    server.proc.once('exit', () => { clearTimeout(t); resolve(); });
    server.proc.kill('SIGTERM');
  });
}

function nginxBin() {
  for (const p of ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx']) if (fs.existsSync(p)) return p;
  return null;
}

/** The front the tests use: E2E_FRONT=nginx|vite; by default nginx (as in production) when installed. */
export function frontKind() {
  const want = process.env.E2E_FRONT;
  if (want === 'vite' || want === 'nginx') return want;
  return nginxBin() && fs.existsSync(path.join(ROOT, 'scripts', 'render_nginx.py')) ? 'nginx' : 'vite';
}

/** Serve webapp/dist through nginx with the repo's config (scripts/render_nginx.py), API behind it. */
export async function startNginx(api, db) {
  if (!fs.existsSync(path.join(WEBAPP, 'dist', 'index.html'))) throw new Error('webapp/dist missing: run scripts/build-webapp.sh');
  const port = await freePort();
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-nginx-'));
  const conf = path.join(runDir, 'nginx.conf');
  const env = {
    ...process.env,
    NGINX_RUN_DIR: runDir,
    NGINX_LISTEN: `127.0.0.1:${port}`,
    NGINX_API_UPSTREAM: `127.0.0.1:${api.port}`,
    NGINX_UPLOAD_DIR: db.env.UPLOAD_DIR,
  };
  const r = spawnSync(path.join(VENV_BIN, 'python'), [path.join(ROOT, 'scripts', 'render_nginx.py'), conf], { cwd: ROOT, env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`render_nginx.py failed:\n${r.stdout}\n${r.stderr}`);
  const errLog = path.join(runDir, 'nginx-error.log');
  const proc = spawn(nginxBin(), ['-e', errLog, '-c', conf, '-g', 'daemon off;'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const log = [];
  proc.stdout.on('data', (d) => log.push(String(d)));
  proc.stderr.on('data', (d) => log.push(String(d)));
  await waitFor(`http://127.0.0.1:${port}/`, 30000, proc);
  return { port, url: `http://127.0.0.1:${port}`, proc, log, runDir };
}

/**
 * The app exactly as `make run` serves it: scripts/serve.sh (gunicorn with api/gunicorn_conf.py behind
 * nginx rendered from the repo's template), on free ports, with this test's database and settings.
 */
export async function startServe(database, apiEnv = {}) {
  // A test that must know the address before the start (a redirect URI registered elsewhere) passes PORT.
  const port = Number(apiEnv.PORT) || await freePort();
  const apiPort = await freePort();
  const env = {
    // Limits counted by this stack alone: serve.sh would count them in the local Redis, beyond this run.
    RATELIMIT_STORAGE_URI: 'memory://',
    ...database.env, ...apiEnv, PORT: String(port), API_PORT: String(apiPort), QUIET: '1',
    GUNICORN_WORKERS: '2', RUN_DIR: path.join(database.dir, 'run'),
  };
  const proc = spawn('bash', [path.join(ROOT, 'scripts', 'serve.sh')], {
    cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true,
  });
  const log = [];
  proc.stdout.on('data', (d) => log.push(String(d)));
  proc.stderr.on('data', (d) => log.push(String(d)));
  try {
    await waitFor(`http://127.0.0.1:${port}/api/health`, 60000, proc);
  } catch (e) {
    throw new Error(`${e.message}\n${log.join('')}`);
  }
  return {
    port, url: `http://127.0.0.1:${port}`, proc, log, group: true, nginxLogs: logsFromNow(env.RUN_DIR),
    api: { port: apiPort, url: `http://127.0.0.1:${apiPort}` },
  };
}

/**
 * What went wrong on the server while a file's tests ran: answers 5xx in an access log (gunicorn's, and nginx's for
 * the answers it made itself, such as a 502 when a worker died), gunicorn's errors (a worker timed out or was
 * killed), nginx's alerts (one of its workers crashed), and tracebacks (the API's and the background worker's).
 * A page may hide a failed call (a poll, a prefetch, a background task): the server's logs do not. nginx's own
 * '[error]' lines are not faults: it writes them for what the tests ask for (a body over the limit).
 */
export function serverFaults(texts) {
  const out = [];
  for (const text of texts) {
    const lines = text.split('\n');
    for (let i = 0; i < lines.length; i += 1) {
      if (/" 5\d\d |\[(CRITICAL|ERROR)\]|\[(crit|alert|emerg)\]/.test(lines[i])) out.push(lines[i]);
      if (!lines[i].startsWith('Traceback (most recent call last)')) continue;
      let end = i + 1;
      while (end < lines.length && /^\s/.test(lines[end])) end += 1; // the frames, to the exception's own line
      out.push(lines.slice(i, end + 1).join('\n'));
      i = end;
    }
  }
  return out;
}

function failOnFaults(texts) {
  const faults = serverFaults(texts);
  if (faults.length) throw new Error(`The server failed while these tests ran (${faults.length}):\n${faults.join('\n')}`);
}

const readIfThere = (file, from = 0) => (fs.existsSync(file) ? fs.readFileSync(file).subarray(from).toString('utf8') : '');

/** nginx's logs from here on: what it wrote while the stack started (502s until gunicorn listened) is not a fault. */
function logsFromNow(runDir) {
  return ['nginx-access.log', 'nginx-error.log'].map((name) => {
    const file = path.join(runDir, name);
    return { file, from: fs.existsSync(file) ? fs.statSync(file).size : 0 };
  });
}

/** One API + one web front: the stack the tests drive; stopping it fails on what serverFaults finds. */
export async function startStack(apiEnv = {}, db = null) {
  const database = db || prepareDatabase();
  const front = frontKind();
  if (front === 'nginx') {
    const served = await startServe(database, apiEnv);
    return {
      db: database, api: served.api, web: served, front, url: served.url, port: served.port,
      async stop() {
        await stop(served);
        const texts = [served.log.join(''), readIfThere(path.join(database.dir, 'run', 'huey.log')),
          ...served.nginxLogs.map(({ file, from }) => readIfThere(file, from))];
        if (!process.env.E2E_KEEP && !db) fs.rmSync(database.dir, { recursive: true, force: true });
        failOnFaults(texts);
      },
    };
  }
  const api = await startApi(database, front === 'nginx' ? { ACCEL_REDIRECT_PREFIX: '/protected-files/', ...apiEnv } : apiEnv);
  let web;
  try {
    web = front === 'nginx' ? await startNginx(api, database) : await startWeb(api);
  } catch (e) {
    await stop(api);
    throw e;
  }
  return {
    db: database, api, web, front, url: web.url, port: web.port,
    async stop() {
      await stop(web);
      await stop(api);
      if (!process.env.E2E_KEEP) {
        for (const d of [web.runDir, db ? null : database.dir]) if (d) fs.rmSync(d, { recursive: true, force: true });
      }
      failOnFaults([api.log.join('')]);
    },
  };
}
