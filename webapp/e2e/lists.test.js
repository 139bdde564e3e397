/* Browser tests of the read path: the tasks of a portal paged, sorted and filtered by the server, the feed's
 * 'Show more', and conditional GET (a module page seen again is answered 304 and still shows). */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, shot, signIn, useStack } from './browser.js';
import { apiAs, lisbon } from './outbox.js';

let stack;
let browser;
let ids;
let admin;

useStack(async (s, b) => {
  stack = s;
  browser = b;
  admin = await apiAs(stack.url, 'admin@demo.eu');
  ids = await lisbon(admin);
});

const tasksUrl = (query = '') => `/api/module/detailed-list-by-type/4rineu_task/${ids.portalId}${query}`;

/** Every answer of the task list, as [{url, perPage}], and a way to wait for the next one. */
function watchTasks(page) {
  const seen = [];
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (url.pathname === tasksUrl()) seen.push({ url: url.pathname + url.search, status: res.status(), params: url.searchParams });
  });
  return seen;
}

const texts = (page, sel) => page.locator(sel).allInnerTexts();
const rowCount = (page) => page.locator('[data-testid=task-row]').count();

/** Wait until the table shows an answer whose query string has `part`, and the page is no longer loading. */
async function settled(page, seen, part) {
  await page.waitForFunction(() => !document.querySelector('[data-testid=tasks-table][aria-busy]'));
  const until = Date.now() + 10000;
  while (!seen.some((r) => r.url.includes(part))) {
    if (Date.now() > until) throw new Error(`no task list answer with ${part}: ${seen.map((r) => r.url).join(', ')}`);
    await page.waitForTimeout(50);
  }
  await page.waitForFunction(() => !document.querySelector('[data-testid=tasks-table][aria-busy]'));
}

describe('tasks of a portal', () => {
  test('paged, sorted, filtered and searched by the server, grouped by project', async () => {
    const total = (await admin.get(tasksUrl('?perPage=1'))).data.meta.total;
    assert.ok(total > 20, `the demo portal has ${total} tasks: enough for two pages of 20`);
    const { page, context, errors } = await openPage(browser, stack.url);
    const seen = watchTasks(page);
    await signIn(page, stack.url, 'admin@demo.eu');
    await page.goto(`${stack.url}/portal/${ids.portalId}`);
    await page.click('.sidemenu >> text=All tasks');
    await page.locator('[data-testid=task-row]').first().waitFor();
    const info = page.locator('[data-testid=dt-pageinfo]');
    assert.equal(await rowCount(page), 20);
    assert.equal(await info.innerText(), `Page 1 of ${Math.ceil(total / 20)}`);
    assert.equal(await page.locator('[data-testid=dt-count]').innerText(), `${total} rows`);
    // grouped by project within the page: each project once, its tasks below it
    const groups = await texts(page, '[data-testid=dt-group]');
    // grouped by entry module (the portal) and project
    assert.ok(groups.some((g) => g.startsWith('4RinEU Consortium › Lisbon demo case')), groups.join(' | '));
    assert.equal(new Set(groups).size, groups.length);
    await shot(page, 'tasks-all');

    // the pager asks for the next page; a page size of 10 for four pages
    await page.click('[data-testid=dt-next]');
    await settled(page, seen, 'page=2');
    assert.equal(await rowCount(page), Math.min(20, total - 20));
    assert.equal(await info.innerText(), `Page 2 of ${Math.ceil(total / 20)}`);
    await page.selectOption('[data-testid=dt-pagesize]', '10');
    await settled(page, seen, 'perPage=10');
    assert.equal(await rowCount(page), 10);
    assert.equal(await info.innerText(), `Page 1 of ${Math.ceil(total / 10)}`);

    // sort by deadline (a header click), then the other way
    await page.click('[data-testid=th-deadline]');
    await settled(page, seen, 'sort=deadline');
    let dates = await page.locator('[data-testid=task-deadline]').evaluateAll((els) => els.map((e) => e.dataset.date));
    const all = (await admin.get(tasksUrl('?perPage=500&sort=deadline'))).data.list.map((r) => r.deliverable && r.deliverable.deadline);
    // within the page the groups may reorder rows; the page holds the first ten deadlines
    assert.deepEqual([...dates].sort(), all.slice(0, 10));
    await page.click('[data-testid=th-deadline]');
    await settled(page, seen, 'sort=-deadline');
    assert.equal(await page.locator('[data-testid=th-deadline]').getAttribute('aria-sort'), 'descending');
    dates = await page.locator('[data-testid=task-deadline]').evaluateAll((els) => els.map((e) => e.dataset.date));
    assert.deepEqual([...dates].sort().reverse(), [...all].filter(Boolean).sort().reverse().slice(0, 10));

    // the status filter: only blocked tasks, as many as the API counts
    const blocked = (await admin.get(tasksUrl('?perPage=1&status=BLOCKED'))).data.meta.total;
    assert.ok(blocked > 0);
    await page.selectOption('[data-testid=tasks-status]', 'BLOCKED');
    await settled(page, seen, 'status=BLOCKED');
    assert.equal(await page.locator('[data-testid=dt-count]').innerText(), `${blocked} ${blocked === 1 ? 'row' : 'rows'}`);
    const statuses = await page.locator('[data-testid=task-row] [data-testid=status-badge]').evaluateAll((els) => els.map((e) => e.dataset.status));
    assert.ok(statuses.length > 0 && statuses.every((s) => s === 'BLOCKED'), statuses.join(','));
    await page.selectOption('[data-testid=tasks-status]', '');

    // the owner filter: Lars's tasks only
    await page.selectOption('[data-testid=tasks-owner]', { label: 'Lars Berg' });
    await settled(page, seen, 'owner=');
    const owners = await texts(page, '[data-testid=task-owner]');
    assert.ok(owners.length > 0 && owners.every((o) => o === 'Lars Berg'), owners.join(','));
    await page.selectOption('[data-testid=tasks-owner]', '');

    // the search box sends q: the task name
    await page.fill('[data-testid=dt-search]', 'survey');
    await settled(page, seen, 'q=survey');
    const names = await texts(page, '[data-testid=task-name]');
    assert.ok(names.length > 0 && names.every((n) => /survey/i.test(n)), names.join(','));
    await page.fill('[data-testid=dt-search]', 'no task is called this');
    await page.locator('[data-testid=dt-empty] >> text=No matching tasks').waitFor();

    // never everything at once: every request asked for one page of at most 100
    assert.ok(seen.length >= 8);
    assert.ok(seen.every((r) => Number(r.params.get('perPage') || 50) <= 100), seen.map((r) => r.url).join('\n'));
    assert.ok(seen.every((r) => r.status === 200));
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a task opens from the list', async () => {
    const { page, context } = await openPage(browser, stack.url);
    await signIn(page, stack.url, 'sofia@demo.eu');
    await page.goto(`${stack.url}/portal/${ids.portalId}/tasks-all`);
    const first = page.locator('[data-testid=task-name]').first();
    const name = await first.innerText();
    await first.click();
    // in the side peek beside its phase's list (1,360 px), its phase in its path
    const shown = page.locator('[data-testid=peek] [data-testid=module-name]');
    await shown.waitFor();
    assert.equal(await shown.innerText(), name.replace(/^✓/, '').trim());
    await context.close();
  });
});

describe('feed', () => {
  test('the first page, then Show more loads the older entries', async () => {
    const total = (await admin.get(`/api/feed/list/${ids.portalId}?perPage=1`)).data.meta.total;
    assert.ok(total > 20, `the portal's feed has ${total} entries`);
    const { page, context, errors } = await openPage(browser, stack.url);
    await signIn(page, stack.url, 'sofia@demo.eu');
    await page.goto(`${stack.url}/portal/${ids.portalId}/settings/feed`);
    const items = page.locator('[data-testid=feed-item]');
    await items.first().waitFor();
    assert.equal(await items.count(), 20);
    assert.equal(await page.locator('[data-testid=feed-left]').innerText(), `${total - 20} older`);
    const [req] = await Promise.all([
      page.waitForRequest((r) => r.url().includes(`/api/feed/list/${ids.portalId}`) && r.url().includes('before=')),
      page.click('[data-testid=feed-more]'),
    ]);
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid=feed-item]').length === n, Math.min(40, total));
    const shown = await items.evaluateAll((els) => els.map((e) => Number(e.dataset.id)));
    assert.equal(new URL(req.url()).searchParams.get('before'), String(shown[19]));
    assert.deepEqual(shown, [...shown].sort((a, b) => b - a), 'newest first, no entry twice');
    assert.equal(new Set(shown).size, shown.length);
    if (total <= 40) assert.equal(await page.locator('[data-testid=feed-more]').count(), 0);
    await shot(page, 'feed-more');
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe('conditional GET', () => {
  test('a module page seen again is answered 304 and still shows', async () => {
    const { page, context, errors } = await openPage(browser, stack.url);
    const views = [];
    page.on('response', (res) => {
      const url = new URL(res.url());
      if (/^\/api\/module\/(view|list)\/\d+$/.test(url.pathname)) {
        views.push({ path: url.pathname, status: res.status(), sent: res.request().headers()['if-none-match'] || null });
      }
    });
    await signIn(page, stack.url, 'sofia@demo.eu');
    await page.click('[data-testid=portal-card] >> text=4RinEU Consortium');
    await page.locator('[data-testid=project-card]').first().waitFor();
    const portalView = `/api/module/view/${ids.portalId}`;
    assert.deepEqual(views.filter((v) => v.path === portalView).map((v) => [v.status, v.sent]), [[200, null]]);

    // home and back to the portal: the portal is read again, and the server says it has not changed
    await page.click('[data-testid=topbar-logo]');
    await page.locator('[data-testid=portal-card]').first().waitFor();
    await page.click('[data-testid=portal-card] >> text=4RinEU Consortium');
    await page.locator('[data-testid=project-card] >> text=Lisbon demo case').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=project-card]').length > 1);
    const again = views.filter((v) => v.path === portalView);
    assert.equal(again.length, 2);
    assert.equal(again[1].status, 304);
    assert.ok(again[1].sent, 'If-None-Match was sent');

    // the project page and its sections' lists too
    await page.click('[data-testid=project-card] >> text=Lisbon demo case');
    await page.locator('[data-testid=section-item]').first().waitFor();
    const before = views.length;
    await page.goBack();
    await page.locator('[data-testid=project-card]').first().waitFor();
    await page.click('[data-testid=project-card] >> text=Lisbon demo case');
    await page.locator('[data-testid=section-item]').first().waitFor();
    const second = views.slice(before);
    assert.ok(second.some((v) => v.path === `/api/module/view/${ids.projectId}` && v.status === 304), JSON.stringify(second));
    assert.ok(second.some((v) => v.path.startsWith('/api/module/list/') && v.status === 304), JSON.stringify(second));
    assert.ok((await page.locator('[data-testid=module-name]').innerText()).startsWith('Lisbon demo case'));

    // a change is seen at once: the next read is a 200 with the new name (counted from before the change: the live
    // stream may have the page read it again before the change's own answer is back here)
    const form = await admin.get(`/api/module/edit/${ids.projectId}`);
    const fields = Object.fromEntries(form.data.elements.map((e) => [e.name, e.value ?? '']));
    const changedAt = views.length;
    const renamed = await admin.post(form.data.action, admin.form({ ...fields, name: 'Lisbon demo case (renamed)', _method: form.data.method }));
    assert.equal(renamed.status, 200, JSON.stringify(renamed.data));
    await page.goBack();
    await page.locator('[data-testid=project-card]').first().waitFor();
    await page.goForward();
    await page.locator('[data-testid=module-name] >> text=Lisbon demo case (renamed)').waitFor();
    // Read again after the change (by the live stream's reload or the page's own): a 200; a read already under way
    // or a later one may rightly be a 304.
    const after = views.slice(changedAt).filter((v) => v.path === `/api/module/view/${ids.projectId}`);
    assert.ok(after.some((v) => v.status === 200), JSON.stringify(after));
    assert.deepEqual(errors, []);
    await context.close();
  });
});
