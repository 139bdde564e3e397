/* Browser tests of sign-up by invitation and of the password reset, end to end through the mails the
 * API writes to its outbox (INSTANCE_DIR/outbox). */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, shot, signIn, useStack } from './browser.js';
import { apiAs, formValues, linkPath, lisbon, mailsTo, waitForMail } from './outbox.js';
import { ROOT } from './servers.js';

let stack;
let browser;
let ids;
let outbox;

useStack(async (s, b) => {
  stack = s;
  browser = b;
  outbox = stack.db.env.MAIL_OUTBOX_DIR;
  ids = await lisbon(await apiAs(stack.url, 'sofia@demo.eu'));
});

function newPage() {
  return openPage(browser, stack.url);
}

/** Invite an address to the Lisbon project as the admin; returns the link's path from the mail. */
async function invite(email, extra = {}) {
  const admin = await apiAs(stack.url, 'admin@demo.eu');
  const url = `/api/invitation/invite-colleague/${ids.projectId}`;
  const { values, form } = await formValues(admin, url);
  const before = mailsTo(outbox, email).length;
  const r = await admin.post(form.action, admin.form({ ...values, email, allowView: '1', allowEdit: '1', role: 'User', ...extra }));
  assert.equal(r.status, 200, JSON.stringify(r.data));
  const mail = await waitForMail(outbox, email, { after: before });
  return linkPath(mail.body, '/invitation');
}

describe('invitation', () => {
  test('invite by e-mail, open the link, create the account, land signed in with the membership', async () => {
    const link = await invite('new.colleague@example.org');
    const { page, context, base, errors } = await newPage();
    await page.goto(`${base}${link}`);
    await page.getByRole('heading', { name: 'Create Account' }).waitFor();
    const info = page.locator('[data-testid=invitation-info]');
    await info.waitFor();
    assert.match(await info.innerText(), /Ada Administrator invites you to join Lisbon demo case/);
    assert.equal(await page.inputValue('#invite-email'), 'new.colleague@example.org');

    await page.click('button:has-text("Create Account")');
    await page.getByText('Name is required').waitFor();
    await page.getByText('You must specify a password').waitFor();
    await page.fill('#invite-name', 'Nina Newcolleague');
    await page.fill('#invite-password', 'short');
    await page.fill('#invite-repeat', 'short');
    await page.getByText('Password must have at least 8 characters').waitFor();
    await page.fill('#invite-password', 'a-good-password');
    await page.fill('#invite-repeat', 'a-good-passwort');
    await page.getByText('The passwords do not match').waitFor();
    await page.fill('#invite-repeat', 'a-good-password');
    await shot(page, 'invitation-form');
    await page.click('button:has-text("Create Account")');

    await page.waitForURL(`${base}/`);
    await page.locator('.user-menu__name', { hasText: 'Nina Newcolleague' }).waitFor();
    const card = page.locator('[data-testid=portal-card]', { hasText: 'Lisbon demo case' });
    await card.waitFor();
    await shot(page, 'invitation-signed-in');
    // The new member opens the project.
    await card.click();
    await page.getByText('Lisbon demo case – social housing block').first().waitFor();
    const nina = await apiAs(base, 'new.colleague@example.org', 'a-good-password');
    const members = (await nina.get(`/api/membership/list/${ids.projectId}`)).data.list;
    const mine = members.find((m) => m.userEmail === 'new.colleague@example.org');
    assert.ok(mine && mine.allowView && mine.allowEdit, JSON.stringify(members));
    assert.deepEqual(errors, []);
    await context.close();

    // The link works once.
    const again = await newPage();
    await again.page.goto(`${again.base}${link}`);
    const err = again.page.locator('[data-testid=invitation-error]');
    await err.waitFor();
    assert.match(await err.innerText(), /already been used/);
    assert.equal(await again.page.locator('#invite-name').count(), 0);
    await again.context.close();
  });

  test('forged, expired and missing links are refused clearly; an existing account is told to sign in', async () => {
    const { page, context, base } = await newPage();
    await page.goto(`${base}/invitation?token=forged.token.value`);
    await page.locator('[data-testid=invitation-error]', { hasText: 'This invitation link is not valid' }).waitFor();
    await page.goto(`${base}/invitation`);
    await page.locator('[data-testid=invitation-error]', { hasText: 'needs the link' }).waitFor();

    const late = await invite('late.colleague@example.org');
    const py = path.join(ROOT, '.venv', 'bin', 'python');
    const db = stack.db.env.DATABASE_URL.replace('sqlite:///', '');
    const r = spawnSync(py, ['-c', [
      'import sqlite3, sys',
      'c = sqlite3.connect(sys.argv[1])',
      "c.execute(\"update invitation set expires = '2000-01-01 00:00:00' where email = 'late.colleague@example.org'\")",
      'c.commit()',
    ].join('\n'), db], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    await page.goto(`${base}${late}`);
    await page.locator('[data-testid=invitation-error]', { hasText: 'expired' }).waitFor();
    await shot(page, 'invitation-expired');

    const known = await invite('marco@demo.eu');
    await page.goto(`${base}${known}`);
    const msg = page.locator('[data-testid=invitation-existing]');
    await msg.waitFor();
    assert.match(await msg.innerText(), /An account already exists for marco@demo.eu/);
    await msg.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL(`${base}/login`);
    // Signed in as somebody else, the link says whom it is for instead of a not-found page.
    await signIn(page, base, 'sofia@demo.eu');
    await page.goto(`${base}${known}`);
    const signedIn = page.locator('[data-testid=invitation-signed-in]');
    await signedIn.waitFor();
    assert.match(await signedIn.innerText(), /is for marco@demo.eu\. You are signed in as sofia@demo.eu/);
    assert.equal(await page.locator('[data-testid=invitation-accept]').count(), 0);
    await context.close();
    // Signed in with the invited address, the invitation is accepted on the page.
    const second = await newPage();
    await signIn(second.page, base, 'marco@demo.eu');
    const fresh = await invite('marco@demo.eu');
    await second.page.goto(`${base}${fresh}`);
    await second.page.click('[data-testid=invitation-accept]');
    const done = second.page.locator('[data-testid=invitation-accepted]');
    await done.waitFor();
    assert.match(await done.innerText(), /You have joined 'Lisbon demo case/);
    await done.getByRole('link', { name: 'Open it' }).click();
    await second.page.waitForURL(/\/portal\/\d+$/);
    await second.context.close();
  });
});

describe('password reset', () => {
  test('forgot password mail, new password, old refused, link works once', async () => {
    const { page, context, base, errors } = await newPage();
    await page.goto(`${base}/login`);
    await page.click('text=Forgot your password?');
    await page.waitForURL('**/forgot-password');
    const before = mailsTo(outbox, 'elena@demo.eu').length;
    await page.fill('#forgot-email', 'elena@demo.eu');
    await page.click('button[type=submit]');
    await page.locator('.form__message--info').waitFor();
    const mail = await waitForMail(outbox, 'elena@demo.eu', { after: before });
    const link = linkPath(mail.body, '/reset-password');

    await page.goto(`${base}${link}`);
    await page.fill('#reset-password', 'elena-new-secret');
    await page.fill('#reset-repeat', 'elena-new-secret');
    await page.click('button[type=submit]');
    await page.locator('.form__message--info', { hasText: 'Your password has been changed' }).waitFor();
    await shot(page, 'reset-done');

    // The old password no longer works; the new one does.
    await page.goto(`${base}/login`);
    await page.fill('#login-username', 'elena@demo.eu');
    await page.fill('#login-password', 'demo1234');
    await page.click('button[type=submit]');
    await page.locator('[data-testid=login-error]').waitFor();
    await signIn(page, base, 'elena@demo.eu', 'elena-new-secret');
    await page.goto(`${base}/logout`);
    await page.waitForURL(`${base}/`);
    await page.locator('#login-username').waitFor();

    // The link works once.
    await page.goto(`${base}${link}`);
    await page.fill('#reset-password', 'another-secret-1');
    await page.fill('#reset-repeat', 'another-secret-1');
    await page.click('button[type=submit]');
    await page.locator('.form__error', { hasText: 'invalid, expired or already used' }).waitFor();
    assert.equal((await fetch(`${base}/json/login`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'elena@demo.eu', password: 'another-secret-1' }),
    })).status, 401);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
