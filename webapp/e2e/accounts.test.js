/* Browser tests of issue 18: enrolling two-factor sign-in (the secret read from the page, the code computed here)
 * and signing in with it; signing in through a real OpenID provider on loopback; ending another session and
 * seeing its token refused; changing the password. */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { PHONE, checkScreen } from './a11y.js';
import { PASSWORD, launch, openPage, signIn } from './browser.js';
import { ROOT, WEBAPP, freePort, startStack } from './servers.js';

const SSO_NAME = 'Test ID';
let stack;
let browser;
let provider;
let webPort;

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s) of a base32 secret at `when` (ms). */
function totp(secret, when = Date.now()) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of secret.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(ch).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g).map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(when / 1000 / 30)));
  const mac = crypto.createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1] & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1000000).padStart(6, '0');
}

/** The test OpenID provider (api/tests/oidc/provider.mjs) on `port`, its client sending back to `redirect`. */
function startProvider(port, redirect) {
  const env = {
    ...process.env, PORT: String(port), NODE_ENV: 'test',
    OIDC_PROVIDER_MODULE: path.join(WEBAPP, 'node_modules', 'oidc-provider', 'lib', 'index.js'),
    OIDC_CLIENTS: JSON.stringify([{ client_id: 'portal', client_secret: 'portal-secret', redirect_uris: [redirect],
      grant_types: ['authorization_code'], response_types: ['code'] }]),
    OIDC_ACCOUNTS: JSON.stringify({ marco: { email: 'marco@demo.eu', email_verified: true, name: 'Marco Rossi' } }),
  };
  const proc = spawn('node', [path.join(ROOT, 'api', 'tests', 'oidc', 'provider.mjs')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the OpenID provider did not start')), 15000);
    proc.stdout.on('data', (d) => {
      if (String(d).includes('ready')) { clearTimeout(timer); resolve(proc); }
    });
    proc.on('exit', (code) => reject(new Error(`the OpenID provider stopped (${code})`)));
  });
}

before(async () => {
  webPort = await freePort();
  const providerPort = await freePort();
  const base = `http://127.0.0.1:${webPort}`;
  stack = await startStack({
    PORT: String(webPort), OIDC_ISSUER: `http://127.0.0.1:${providerPort}`, OIDC_CLIENT_ID: 'portal',
    OIDC_CLIENT_SECRET: 'portal-secret', OIDC_NAME: SSO_NAME, OIDC_REDIRECT_URI: `${base}/sso/callback`,
  });
  provider = await startProvider(providerPort, `${stack.url}/sso/callback`);
  browser = await launch();
});

after(async () => {
  if (browser) await browser.close();
  if (provider) provider.kill();
  if (stack) await stack.stop();
});

async function apiLogin(email, password = PASSWORD) {
  const res = await fetch(`${stack.url}/json/login`, {
    method: 'POST', headers: { 'Content-Type': 'application/json', 'User-Agent': 'curl/8.5.0' },
    body: JSON.stringify({ username: email, password }),
  });
  return { status: res.status, body: await res.json() };
}

const whoAmI = (token) => fetch(`${stack.url}/api/profile/currentuser`, { headers: { Authorization: `Bearer ${token}` } })
  .then((r) => r.status);

describe('accounts', () => {
  test('enrol two-factor sign-in from the profile, then sign in with a code', async () => {
    const { page, base, errors } = await openPage(browser, stack.url);
    await signIn(page, base, 'viktor@demo.eu');
    await page.goto(`${base}/profile`);
    // Setting up asks for the password again (issue 39): a wrong one is said on the field.
    await page.fill('#mfa-password', 'not-the-password');
    await page.click('button:has-text("Set up two-factor sign-in")');
    await page.waitForSelector('text=Your current password is not correct');
    await checkScreen(page, 'profile security, 2FA password refused');
    await page.fill('#mfa-password', PASSWORD);
    await page.click('button:has-text("Set up two-factor sign-in")');
    await page.waitForSelector('[data-testid=qr-code]');
    await checkScreen(page, 'profile security, enrolling 2FA');
    const secret = (await page.textContent('[data-testid=mfa-secret]')).trim();
    await page.fill('#code-confirm', totp(secret));
    await page.click('button:has-text("Confirm")');
    await page.waitForSelector('[data-testid=recovery-codes] li');
    const codes = await page.locator('[data-testid=recovery-codes] li').count();
    assert.equal(codes, 10);
    await page.goto(`${base}/logout`);
    await page.waitForSelector('#login-username');
    await page.fill('#login-username', 'viktor@demo.eu');
    await page.fill('#login-password', PASSWORD);
    await page.click('button[type=submit]');
    await page.waitForSelector('#mfa-code');
    await checkScreen(page, 'two-factor sign-in step');
    await page.fill('#mfa-code', '000000');
    await page.click('button:has-text("Verify")');
    await page.waitForSelector('text=Invalid code');
    await page.fill('#mfa-code', totp(secret, Date.now() + 30000)); // this step's code went to the enrolment
    await page.click('button:has-text("Verify")');
    await page.waitForSelector('[data-testid=user-menu]');
    assert.deepEqual(errors, []);
  });

  test("sign in with the organisation's OpenID provider", async (t) => {
    if (stack.port !== webPort) return t.skip('the front was not started on the chosen port (vite)');
    const { page, base, errors } = await openPage(browser, stack.url);
    await page.goto(`${base}/login`);
    await page.waitForSelector(`button:has-text("Sign in with ${SSO_NAME}")`);
    await checkScreen(page, 'login with single sign-on');
    await page.click(`button:has-text("Sign in with ${SSO_NAME}")`);
    await page.waitForSelector('input[name=login]'); // the provider's own sign-in form
    await page.fill('input[name=login]', 'marco');
    await page.fill('input[name=password]', 'anything');
    await page.click('button[type=submit]');
    // marco@demo.eu has a password here: the first sign-on links the identity only once it is typed (issue 39).
    await page.waitForSelector('#link-password');
    assert.equal((await page.textContent('[data-testid=link-email]')).trim(), 'marco@demo.eu');
    await page.fill('#link-password', 'not-the-password');
    await page.click('button:has-text("Link and sign in")');
    await page.waitForSelector('[data-testid=login-error]:has-text("Invalid password")');
    await checkScreen(page, 'linking single sign-on to an account');
    await page.fill('#link-password', PASSWORD);
    await page.click('button:has-text("Link and sign in")');
    await page.waitForSelector('[data-testid=user-menu]');
    await page.goto(`${base}/profile`);
    await page.waitForSelector('[data-testid=profile-name]:has-text("Marco Rossi")');
    assert.deepEqual(errors, []);
    return undefined;
  });

  test('end another session from the profile: its token is refused', async () => {
    const other = await apiLogin('elena@demo.eu');
    assert.equal(await whoAmI(other.body.token), 200);
    const { page, base, errors } = await openPage(browser, stack.url, { viewport: PHONE });
    await signIn(page, base, 'elena@demo.eu');
    await page.goto(`${base}/profile`);
    await page.waitForSelector('button[aria-label="End session on curl"]');
    await checkScreen(page, 'profile security (phone)');
    await page.click('button[aria-label="End session on curl"]');
    await page.waitForSelector('button[aria-label="End session on curl"]', { state: 'detached' });
    assert.equal(await whoAmI(other.body.token), 401);
    assert.deepEqual(errors, []);
  });

  test('change the password on the profile: the old one stops working, and so do API tokens', async () => {
    const other = await apiLogin('lars@demo.eu');
    const minted = await fetch(`${stack.url}/api/account/tokens`, {
      method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${other.body.token}` },
      body: JSON.stringify({ name: 'laptop script', days: 366, access: 'write' }),
    }).then((r) => r.json());
    assert.equal(await whoAmI(minted.item.token), 200);
    const { page, base, errors } = await openPage(browser, stack.url);
    await signIn(page, base, 'lars@demo.eu');
    await page.goto(`${base}/profile`);
    await page.fill('#pw-current', PASSWORD);
    await page.fill('#pw-password', 'short');
    await page.fill('#pw-repeat', 'short');
    await page.click('button:has-text("Change password")');
    await page.waitForSelector('text=Password must have at least 8 characters');
    await page.fill('#pw-password', 'a-new-pass-42');
    await page.fill('#pw-repeat', 'a-new-pass-42');
    assert.equal(await page.isChecked('#pw-revoke-tokens'), true);
    await page.click('button:has-text("Change password")');
    await page.waitForSelector('[data-testid=password-outcome]:has-text("has been changed")');
    await page.waitForSelector('[data-testid=password-outcome]:has-text("1 API token(s) revoked")');
    await checkScreen(page, 'profile security, password changed');
    assert.equal(await whoAmI(minted.item.token), 401);
    assert.equal(await whoAmI(other.body.token), 401);
    assert.equal((await apiLogin('lars@demo.eu')).status, 401);
    assert.equal((await apiLogin('lars@demo.eu', 'a-new-pass-42')).status, 200);
    assert.deepEqual(errors, []);
  });
});
