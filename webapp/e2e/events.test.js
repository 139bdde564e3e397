/* Browser tests of events through nginx with nchan, as `make run` serves them (scripts/serve.sh: gunicorn, nginx
 * with the nchan module, and the Huey consumer that dispatches): a comment typed in one browser shows in another
 * within 2 s without a reload; a mention chosen from the @ list rings the other person's bell; a status change and
 * a deletion show on the other person's page (a /v2 page too); someone removed from a task while reading it is
 * told so; the watch toggle counts its watchers; several changes to one module make one notification. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, shot, signIn, useStack } from './browser.js';
import { apiAs, formValues, linkPath, lisbon, mailsTo, waitForMail } from './outbox.js';
import { checkScreen, PHONE } from './a11y.js';

let stack;
let browser;
let ids;
let sofiaApi;

useStack(async (s, b) => {
  stack = s;
  browser = b;
  sofiaApi = await apiAs(stack.url, 'sofia@demo.eu');
  ids = await lisbon(sofiaApi);
});

async function signedIn(who, path) {
  const p = await openPage(browser, stack.url);
  await signIn(p.page, stack.url, who);
  if (path) await p.page.goto(`${stack.url}${path}`);
  return p;
}

// Sofia enters by the consortium portal; Marco and Elena, who see only some projects, by the Lisbon project.
const entry = (who) => (who === 'sofia@demo.eu' ? ids.portalId : ids.projectId);
const modulePath = (who, id, tab = '') => `/portal/${entry(who)}/module/${id}${tab ? `/${tab}` : ''}`;
const commentsPath = (who) => modulePath(who, ids.projectId, 'comments');
const live = (page) => page.locator('[data-testid=live-state][data-state=live]').waitFor({ timeout: 15000 });

/** A new task made by Sofia in the Lisbon project's first phase: its id. */
async function newTask(name) {
  const phase = (await sofiaApi.get(`/api/module/view/${ids.projectId}`)).data.item.children[0];
  const add = await formValues(sofiaApi, `/api/module/add/${phase.id}/4rineu_task`);
  const made = await sofiaApi.post(`/api/module/add/${phase.id}/4rineu_task`, sofiaApi.form({ ...add.values, name }));
  assert.equal(made.status, 200, JSON.stringify(made.data));
  return made.data.item.id;
}

async function bellCount(page) {
  const badge = page.locator('[data-testid=bell-count]');
  return (await badge.count()) ? Number(await badge.innerText()) : 0;
}

describe('events', () => {
  test('a comment typed in one browser shows in another within 2 s, without a reload', async () => {
    const a = await signedIn('sofia@demo.eu', commentsPath('sofia@demo.eu'));
    const b = await signedIn('marco@demo.eu', commentsPath('marco@demo.eu'));
    await live(a.page);
    await live(b.page);
    await b.page.evaluate(() => { window.notReloaded = true; });
    const box = a.page.locator('[data-testid=new-comment]');
    await box.locator('textarea').focus();
    await box.locator('textarea').fill('Typed in one browser, seen in the other');
    await box.getByRole('button', { name: 'Post Reply' }).click();
    const started = Date.now();
    await b.page.getByText('Typed in one browser, seen in the other').waitFor({ timeout: 2000 });
    const took = Date.now() - started;
    console.log(`# a comment shown live in the other browser after ${took} ms`);
    assert.ok(took < 2000, `shown after ${took} ms`);
    assert.equal(await b.page.evaluate(() => window.notReloaded), true, 'the page was not reloaded');
    await shot(b.page, 'events-live-comment');
    assert.deepEqual([...a.errors, ...b.errors], []);
    await a.context.close();
    await b.context.close();
  });

  test('a mention picked from the @ list rings the other person\'s bell', async () => {
    const b = await signedIn('marco@demo.eu', '/');
    await b.page.locator('[data-testid=bell]').waitFor();
    // The bell listens on Marco's own channel: wait until the first read is in.
    await b.page.waitForFunction(() => document.querySelector('[data-testid=bell]').getAttribute('aria-label') !== null);
    const before = await bellCount(b.page);
    const a = await signedIn('sofia@demo.eu', commentsPath('sofia@demo.eu'));
    const area = a.page.locator('[data-testid=new-comment] textarea');
    await area.focus();
    await area.pressSequentially('Please check this, @Marc');
    const options = a.page.getByRole('listbox', { name: 'People to mention' });
    await options.getByRole('option', { name: /Marco Rossi/ }).waitFor();
    assert.equal(await area.getAttribute('aria-controls'), await options.getAttribute('id'));
    await area.press('Enter');
    assert.match(await area.inputValue(), /^Please check this, @\[Marco Rossi\]\(user:\d+\) $/);
    await a.page.locator('[data-testid=new-comment]').getByRole('button', { name: 'Post Reply' }).click();
    const posted = a.page.locator('[data-testid=comment]', { hasText: 'Please check this' }).first();
    await posted.locator('[data-testid=mention]').first().waitFor();
    assert.equal(await posted.locator('[data-testid=mention]').first().innerText(), '@Marco Rossi');

    // Marco's bell rings without a reload; the panel says who mentioned him where, and opens it.
    await b.page.waitForFunction((n) => {
      const badge = document.querySelector('[data-testid=bell-count]');
      return badge && Number(badge.textContent) > n;
    }, before, { timeout: 5000 });
    await b.page.click('[data-testid=bell]');
    const item = b.page.locator('[data-testid=bell-panel] [data-testid=notification][data-kind=mention]').first();
    await item.waitFor();
    assert.match(await item.innerText(), /Sofia Marques\s+mentioned you in 'Lisbon/);
    await shot(b.page, 'events-bell');
    await item.locator('a').click();
    await b.page.waitForURL(new RegExp(`/portal/${ids.projectId}/module/${ids.projectId}/comments$`));
    await b.page.locator('[data-testid=mention]', { hasText: '@Marco Rossi' }).first().waitFor();
    assert.deepEqual([...a.errors, ...b.errors], []);
    await a.context.close();
    await b.context.close();
  });

  test('the notifications page: unread first, filtered by unread and kind, all marked read', async () => {
    const marcoApi = await apiAs(stack.url, 'marco@demo.eu');
    const marco = (await marcoApi.get('/api/profile/currentuser')).data.item;
    for (const n of [1, 2]) {
      const r = await sofiaApi.post(`/api/comment/add/${ids.projectId}`,
        { title: '', content: `Page check ${n}, @[Marco Rossi](user:${marco.id})` });
      assert.equal(r.status, 200, JSON.stringify(r.data));
    }
    const b = await signedIn('marco@demo.eu', '/notifications');
    const { page } = b;
    const items = page.locator('[data-testid=notifications-page] [data-testid=notification]');
    const mention = items.filter({ hasText: 'mentioned you' }).first();
    await mention.waitFor({ timeout: 15000 }); // the consumer dispatches, the page hears it live
    assert.equal(await items.first().getAttribute('data-read'), '0'); // unread first
    await checkScreen(page, 'notifications page');
    // the filter's label reads as text, not as the green of a ticked task
    const [label, body] = await page.evaluate(() => [getComputedStyle(document.querySelector('.notes-page__filters label')).color,
      getComputedStyle(document.querySelector('[data-testid=notifications-page]')).color]);
    assert.equal(label, body);

    // Each filter reloads the list: wait until every row shown is one it lets through (and some are shown).
    const allShown = (attr, value) => page.waitForFunction(([a, v]) => {
      const rows = [...document.querySelectorAll('[data-testid=notifications-page] [data-testid=notification]')];
      return rows.length > 0 && rows.every((el) => el.dataset[a] === v);
    }, [attr, value]);
    await page.getByLabel('Kind').selectOption('mention');
    await allShown('kind', 'mention');
    await page.getByLabel('Kind').selectOption('webhook');
    await page.getByText('No notifications').waitFor();
    await page.getByLabel('Kind').selectOption('');
    await page.getByLabel('Unread only').check();
    await allShown('read', '0');
    await mention.waitFor();
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await page.getByText('No notifications').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Mark all read' }).isDisabled(), true);
    await page.getByLabel('Unread only').uncheck();
    await allShown('read', '1');
    await mention.waitFor();
    assert.deepEqual(b.errors, []);
    await b.context.close();
  });

  test('several changes to one module make one notification, an upload none; the settings offer the quiet kinds',
    async () => {
      const elenaApi = await apiAs(stack.url, 'elena@demo.eu');
      const taskId = await newTask('Busy afternoon');
      assert.equal((await elenaApi.post(`/api/watch/watch/${taskId}`)).status, 200);
      // Sofia uploads a file (off on Elena's defaults: nothing), then renames the task three times (one notification).
      const file = sofiaApi.form({ title: 'Minutes' });
      file.append('file', new Blob(['minutes']), 'minutes.txt');
      assert.equal((await sofiaApi.post(`/api/vault/upload/${taskId}`, file)).status, 200);
      for (const n of [1, 2, 3]) {
        const url = `/api/module/edit/${taskId}`;
        const { values } = await formValues(sofiaApi, url);
        const r = await sofiaApi.post(url, sofiaApi.form({ ...values, name: `Busy afternoon ${n}`, _method: 'PUT' }));
        assert.equal(r.status, 200, JSON.stringify(r.data));
      }
      const b = await signedIn('elena@demo.eu', '/notifications');
      const { page } = b;
      const ofTask = (root) => page.locator(`${root} [data-testid=notification]`, { hasText: 'Busy afternoon' });
      const group = ofTask('[data-testid=notifications-page]').filter({ hasText: "changes in 'Busy afternoon 3'" });
      await group.waitFor({ timeout: 15000 }); // the consumer dispatches, the page hears it live
      assert.equal(await ofTask('[data-testid=notifications-page]').count(), 1, 'one notification, no upload');
      // (the task's creation may join it too, when it was dispatched after Elena's watch)
      assert.ok(['3', '4'].includes(await group.getAttribute('data-count')));
      assert.match(await group.innerText(), /Sofia Marques\s+made [34] changes in 'Busy afternoon 3'/);
      assert.equal(await group.getAttribute('data-read'), '0');
      const bellGroup = ofTask('[data-testid=bell-panel]');
      for (const [size, name] of [[{ width: 1366, height: 900 }, 'a group'], [PHONE, 'a group, phone']]) {
        await page.setViewportSize(size);
        await checkScreen(page, `notifications page, ${name}`);
        await page.click('[data-testid=bell]');
        await bellGroup.waitFor();
        assert.match(await bellGroup.innerText(), /made [34] changes in 'Busy afternoon 3'/);
        await checkScreen(page, `bell, ${name}`);
        await shot(page, size === PHONE ? 'events-bell-group-phone' : 'events-bell-group');
        if (size !== PHONE) await page.click('[data-testid=bell]'); // closed; on the phone it is opened from
      }
      await bellGroup.locator('a').click(); // it opens the module
      await page.waitForURL(new RegExp(`/portal/${ids.projectId}/module/${taskId}$`));
      await page.locator('[data-testid=module-name]', { hasText: 'Busy afternoon 3' }).waitFor();

      // The settings: files, locks and unlocks are off until chosen.
      await page.goto(`${stack.url}/profile`);
      const prefs = page.locator('[data-testid=notification-preferences]');
      const locks = prefs.getByLabel('Locks and unlocks on modules I watch');
      await locks.waitFor();
      assert.equal(await locks.inputValue(), 'off');
      assert.equal(await prefs.getByLabel('Files on modules I watch').inputValue(), 'off');
      assert.equal(await prefs.getByLabel('Replies to my comments').inputValue(), 'immediate');
      await checkScreen(page, 'notification settings, phone');
      await locks.scrollIntoViewIfNeeded();
      await shot(page, 'events-notification-settings-phone');
      await page.setViewportSize({ width: 1366, height: 900 });
      await locks.selectOption({ label: 'In the app only' });
      await prefs.getByRole('button', { name: 'Save notification settings' }).click();
      await page.locator('[data-testid=notification-preferences-saved]').waitFor();
      await checkScreen(page, 'notification settings');
      assert.equal((await formValues(elenaApi, '/api/notification/preferences')).values.lock, 'never');
      assert.deepEqual(b.errors, []);
      await b.context.close();
      const { values } = await formValues(elenaApi, '/api/notification/preferences'); // as it was, for the others
      assert.equal((await elenaApi.put('/api/notification/preferences', { ...values, lock: 'off' })).status, 200);
      assert.equal((await sofiaApi.del(`/api/module/delete/${taskId}`)).status, 200);
    });

  test('the unsubscribe link of a mention mail asks first, then stops those mails', async () => {
    const marcoApi = await apiAs(stack.url, 'marco@demo.eu');
    const marco = (await marcoApi.get('/api/profile/currentuser')).data.item;
    const outbox = stack.db.env.MAIL_OUTBOX_DIR;
    const before = mailsTo(outbox, marco.email).length;
    const r = await sofiaApi.post(`/api/comment/add/${ids.projectId}`,
      { title: '', content: `Mail check, @[Marco Rossi](user:${marco.id})` });
    assert.equal(r.status, 200, JSON.stringify(r.data));
    const mail = await waitForMail(outbox, marco.email, { after: before, ms: 15000 });
    const mode = async () => (await formValues(marcoApi, '/api/notification/preferences')).values.mention;
    assert.equal(await mode(), 'immediate');

    const p = await openPage(browser, stack.url); // from the mail, signed out
    await p.page.goto(`${stack.url}${linkPath(mail.body, '/unsubscribe')}`);
    const page = p.page.locator('[data-testid=unsubscribe-page]');
    await page.getByText(`to ${marco.email}?`).waitFor();
    assert.match(await page.innerText(), /Stop e-mails about .+ to marco@demo\.eu\?/);
    assert.equal(await mode(), 'immediate'); // opening the link changes nothing
    await checkScreen(p.page, 'unsubscribe page');
    await page.getByRole('button', { name: 'Stop these e-mails' }).click();
    assert.match(await page.getByTestId('unsubscribed').innerText(), /^You will no longer get e-mails about: .+\.$/);
    assert.equal(await mode(), 'never');

    await p.page.goto(`${stack.url}/unsubscribe?token=not-a-token`);
    await page.getByRole('alert').filter({ hasText: 'This unsubscribe link is not valid' }).waitFor();
    assert.deepEqual(p.errors.filter((e) => !/404/.test(e)), []);
    await p.context.close();
    const { values } = await formValues(marcoApi, '/api/notification/preferences'); // as it was, for the others
    assert.equal((await marcoApi.put('/api/notification/preferences', { ...values, mention: 'immediate' })).status, 200);
  });

  test('a status change shows in the other person\'s Gantt, and a deleted task says Deleted', async () => {
    const project = (await sofiaApi.get(`/api/module/view/${ids.projectId}`)).data.item;
    const b = await signedIn('marco@demo.eu', modulePath('marco@demo.eu', ids.projectId, 'gantt-chart'));
    const row = b.page.locator('[data-testid=gantt-row]:has([data-testid=gantt-bar])').first();
    await row.waitFor();
    const rowId = await row.getAttribute('data-id');
    const child = project.children.find((c) => String(c.id) === rowId);
    const [status, label] = child.deliverable.status === 'BLOCKED' ? ['IN_PROGRESS', 'In Progress'] : ['BLOCKED', 'Blocked'];
    const bar = row.locator('[data-testid=gantt-bar]');
    assert.doesNotMatch(await bar.getAttribute('aria-label'), new RegExp(label));
    await b.page.waitForTimeout(500); // the page's stream opens
    const view = (await sofiaApi.get(`/api/module/view/${child.id}`)).data.item;
    const { values } = await formValues(sofiaApi, view.deliverable.links.edit.url);
    const r = await sofiaApi.post(view.deliverable.links.edit.url, sofiaApi.form({ ...values, status, _method: 'PUT' }));
    assert.equal(r.status, 200, JSON.stringify(r.data));
    const started = Date.now();
    await b.page.waitForFunction(([id, text]) => {
      const el = document.querySelector(`[data-testid=gantt-row][data-id="${id}"] [data-testid=gantt-bar]`);
      return el && el.getAttribute('aria-label').includes(text);
    }, [child.id, label], { timeout: 5000 });
    const took = Date.now() - started;
    console.log(`# a status change shown live on the Gantt after ${took} ms`);
    assert.ok(took < 5000, `shown after ${took} ms`);
    await shot(b.page, 'events-gantt');

    // A task made and then deleted by Sofia while Marco looks at it.
    const taskId = await newTask('Short-lived task');
    await b.page.goto(`${stack.url}${modulePath('marco@demo.eu', taskId)}`);
    await b.page.locator('[data-testid=module-name]', { hasText: 'Short-lived task' }).waitFor();
    await b.page.waitForTimeout(500);
    assert.equal((await sofiaApi.del(`/api/module/delete/${taskId}`)).status, 200);
    await b.page.locator('[data-testid=deleted]').waitFor({ timeout: 5000 });
    assert.deepEqual(b.errors, []);
    await b.context.close();
  });

  test('a /v2 page follows another person\'s changes of its children, and says Deleted', async () => {
    const phase = (await sofiaApi.get(`/api/module/view/${ids.projectId}`)).data.item.children[0];
    const b = await openPage(browser, stack.url);
    await signIn(b.page, stack.url, 'marco@demo.eu');
    const ticket = b.page.waitForRequest((req) => new RegExp(`/api/live/ticket/${phase.id}$`).test(req.url()));
    await b.page.goto(`${stack.url}/v2/4rineu/${ids.portalId}/${ids.projectId}/${phase.id}`);
    await b.page.locator('[data-testid=module-name]', { hasText: phase.name }).waitFor();
    await ticket;
    await b.page.waitForTimeout(500); // the page's stream opens
    await b.page.evaluate(() => { window.notReloaded = true; });
    const taskId = await newTask('Seen on the v2 page');
    const row = b.page.locator('.table tbody tr', { hasText: 'Seen on the v2 page' });
    await row.waitFor({ timeout: 5000 });
    assert.equal(await row.locator('td').first().innerText(), String(taskId));
    // Another person deletes a task of the phase, then Marco opens another's /v2 page as Sofia deletes that one.
    const doomed = await newTask('Gone from the v2 page');
    await b.page.locator('.table tbody tr', { hasText: 'Gone from the v2 page' }).waitFor({ timeout: 5000 });
    assert.equal((await sofiaApi.del(`/api/module/delete/${taskId}`)).status, 200);
    await row.waitFor({ state: 'detached', timeout: 5000 });
    assert.ok(await b.page.evaluate(() => window.notReloaded), 'read again in place, not reloaded');
    await b.page.getByRole('link', { name: 'Gone from the v2 page' }).click();
    await b.page.locator('[data-testid=module-name]', { hasText: 'Gone from the v2 page' }).waitFor();
    await b.page.waitForTimeout(1000); // the task's stream opens
    assert.equal((await sofiaApi.del(`/api/module/delete/${doomed}`)).status, 200);
    await b.page.locator('[data-testid=deleted]').waitFor({ timeout: 5000 });
    assert.equal(await b.page.locator('h1', { hasText: 'Deleted' }).count(), 1, 'the page\'s heading');
    await checkScreen(b.page, 'v2 deleted');
    await b.page.setViewportSize(PHONE);
    await checkScreen(b.page, 'v2 deleted, phone');
    assert.deepEqual(b.errors, []);
    await b.context.close();
  });

  test('someone removed from a task while reading it is told so at once, and the stream ends', async () => {
    // Sofia shares a new task with Nora (who has no portal), Nora reads its discussion, Sofia removes her.
    const taskId = await newTask('Shared for a while');
    const { values, form } = await formValues(sofiaApi, `/api/membership/add/${taskId}`);
    const invited = await sofiaApi.post(form.action,
      sofiaApi.form({ ...values, userId: '', email: 'nobody@demo.eu', role: 'Reader' }));
    assert.equal(invited.status, 200, JSON.stringify(invited.data));
    assert.equal(invited.data.invited, true); // Nora shares no portal with Sofia: invited, she joins at sign-in
    const b = await signedIn('nobody@demo.eu', `/portal/${taskId}/module/${taskId}/comments`);
    const members = (await sofiaApi.get(`/api/membership/list/${taskId}`)).data.list;
    const joined = members.find((m) => m.userEmail === 'nobody@demo.eu' && !m.inherited);
    await b.page.locator('[data-testid=module-name]', { hasText: 'Shared for a while' }).waitFor();
    await live(b.page);
    const tickets = [];
    // A module's stream that failed would ask for a new ticket (the bell's, /api/live/ticket, may reopen).
    b.page.on('request', (req) => { if (/\/api\/live\/ticket\/\d+/.test(req.url())) tickets.push(req.url()); });
    assert.equal((await sofiaApi.del(`/api/membership/delete/${taskId}/${joined.id}`)).status, 200);
    const started = Date.now();
    // The task was Nora's way in (her entry module): the whole frame says so, side menu and all.
    const lost = b.page.locator('[data-testid=portal-lost]');
    await lost.waitFor({ timeout: 5000 });
    console.log(`# a removed reader told after ${Date.now() - started} ms`);
    assert.match(await lost.innerText(), /No longer shared with you/);
    assert.equal(await b.page.locator('h1', { hasText: 'No longer shared with you' }).count(), 1, 'the page\'s heading');
    assert.equal(await b.page.locator('[data-testid=module-name]').count(), 0);
    assert.equal(await b.page.getByText('Shared for a while').count(), 0);
    await checkScreen(b.page, 'access lost');
    await b.page.setViewportSize(PHONE);
    await checkScreen(b.page, 'access lost, phone');
    await b.page.setViewportSize({ width: 1360, height: 900 });
    await b.page.waitForTimeout(2500); // ... after 1 s, then 2 s
    assert.deepEqual(tickets, []);
    await shot(b.page, 'events-access-lost');
    await b.page.getByRole('link', { name: 'Back to my portals' }).click();
    await b.page.waitForURL(`${stack.url}/`);
    assert.deepEqual(b.errors, []);
    await b.context.close();
    assert.equal((await sofiaApi.del(`/api/module/delete/${taskId}`)).status, 200);
  });

  test('Watch and Unwatch in the module header, with the number of watchers', async () => {
    const p = await signedIn('elena@demo.eu', modulePath('elena@demo.eu', ids.projectId));
    const toggle = p.page.locator('[data-testid=watch-toggle]');
    await toggle.waitFor();
    const count = Number(await p.page.locator('[data-testid=watch-count]').innerText());
    assert.equal(await toggle.getAttribute('aria-pressed'), 'false');
    await toggle.click();
    await p.page.locator('[data-testid=watch-toggle][aria-pressed=true]').waitFor();
    assert.equal(Number(await p.page.locator('[data-testid=watch-count]').innerText()), count + 1);
    await p.page.reload();
    await p.page.locator('[data-testid=watch-toggle][aria-pressed=true]').waitFor();
    await p.page.locator('[data-testid=watch-toggle]').click();
    await p.page.locator('[data-testid=watch-toggle][aria-pressed=false]').waitFor();
    assert.equal(Number(await p.page.locator('[data-testid=watch-count]').innerText()), count);
    assert.deepEqual(p.errors, []);
    await p.context.close();
  });

  test('notification settings on the profile page, and a portal admin\'s webhooks', async () => {
    const p = await signedIn('sofia@demo.eu', '/profile');
    const prefs = p.page.locator('[data-testid=notification-preferences]');
    await prefs.getByLabel('Comments on modules I watch').waitFor();
    await prefs.getByLabel('Comments on modules I watch').selectOption('never');
    await prefs.getByRole('button', { name: 'Save notification settings' }).click();
    await p.page.locator('[data-testid=notification-preferences-saved]').waitFor();
    await p.page.reload();
    await prefs.getByLabel('Comments on modules I watch').waitFor();
    assert.equal(await prefs.getByLabel('Comments on modules I watch').inputValue(), 'never');

    await p.page.goto(`${stack.url}/portal/${ids.portalId}/settings/webhooks`);
    await p.page.locator('[data-testid=webhooks-page]').waitFor();
    await p.page.click('[data-testid=add-webhook]');
    const dialog = p.page.locator('.modal');
    await dialog.getByLabel('URL').fill('https://hooks.example.org/portal');
    await dialog.getByLabel('Event kinds').fill('comment, deliverable');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const row = p.page.locator('[data-testid=webhook]', { hasText: 'https://hooks.example.org/portal' });
    await row.waitFor();
    assert.match(await row.innerText(), /comment, deliverable/);
    await row.getByRole('button', { name: 'Deliveries' }).click();
    await p.page.getByText('No deliveries yet').waitFor();
    await shot(p.page, 'events-webhooks');
    // Someone who is not the portal's admin has no such page.
    const viktor = await signedIn('viktor@demo.eu', `/portal/${ids.portalId}/settings`);
    await viktor.page.locator('nav[aria-label=Settings]').waitFor();
    assert.equal(await viktor.page.locator('nav[aria-label=Settings] a', { hasText: 'Webhooks' }).count(), 0);
    assert.deepEqual([...p.errors, ...viktor.errors], []);
    await p.context.close();
    await viktor.context.close();
  });
});
