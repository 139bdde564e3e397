/* Browser tests of the Gantt chart: 2,000 rows rendered and scrolled in time with a bounded DOM (the gantt-chart
 * tab and the List/Gantt toggle), a bar dragged by an editor (the new dates saved through the deliverable's
 * forms, shown after a reload and given by the API), and a viewer who cannot drag. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, shot, signIn, useStack } from './browser.js';
import { apiAs, lisbon } from './outbox.js';
import { ROOT } from './servers.js';

const ROWS = 2000;
const RELATIONS = 3000; // finish-to-start arrows between them (issue 42, point 7)
const LIMIT_MS = 1500;
const MAX_ROWS_IN_DOM = 60;
const DAY_MS = 24 * 3600 * 1000;

let stack;
let browser;
let bench;
let ids;

useStack(async (s, b) => {
  stack = s;
  browser = b;
  // One project of 2,000 tasks, each with a deliverable, and 3,000 relations between them (bulk inserts: seconds),
  // in the running stack's database.
  const r = spawnSync(path.join(ROOT, '.venv', 'bin', 'flask'),
    ['--app', 'api', 'bench-data', '--modules', String(ROWS + 2), '--members', '3', '--wide', String(ROWS),
      '--relations', String(RELATIONS)],
    { cwd: ROOT, env: stack.db.env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`flask bench-data failed:\n${r.stdout}\n${r.stderr}`);
  bench = JSON.parse(r.stdout.trim().split('\n').pop());
  ids = await lisbon(await apiAs(stack.url, 'admin@demo.eu'));
});

/** Resolves, in the page, once `done()` holds and the frame after it has been painted: the milliseconds since `t0`. */
const PAINTED = `(done, t0) => new Promise((resolve) => {
  const check = () => (done() ? requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0), 0)) : requestAnimationFrame(check));
  check();
})`;

const rowsInDom = (page) => page.locator('[data-testid=gantt-row]').count();

/** 'Do MMM YYYY' of 'YYYY-MM-DD' (spec §9), as the page shows dates. */
function formatDay(iso) {
  const [y, m, d] = iso.split('-').map(Number);
  const suffix = d % 100 >= 11 && d % 100 <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[d % 10] || 'th');
  const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][m - 1];
  return `${d}${suffix} ${month} ${y}`;
}

const addDays = (iso, n) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

describe('the Gantt chart at scale', () => {
  test(`${ROWS} rows: first render and a scroll to the bottom under ${LIMIT_MS} ms, a bounded DOM`, async () => {
    const { page, context, errors } = await openPage(browser, stack.url, { timeout: 30000 });
    await signIn(page, stack.url, bench.superuser, bench.password);
    const moduleUrl = `${stack.url}/portal/${bench.portal}/module/${bench.wide_project}`;
    // The whole page (the API's 2,000 rows, then the chart), for the record.
    let t0 = Date.now();
    await page.goto(`${moduleUrl}/gantt-chart`);
    await page.locator('[data-testid=gantt-row]').first().waitFor();
    const pageLoad = Date.now() - t0;
    // The module is loaded: switch to another tab and back, and time the chart alone, in the page.
    await page.click('[data-testid=tabs] >> text=Feed');
    await page.locator('[data-testid=gantt]').waitFor({ state: 'detached' });
    const render = await page.evaluate(`(${PAINTED})(() => document.querySelector('[data-testid=gantt-row]'), (() => {
      const t = performance.now();
      [...document.querySelectorAll('[data-testid=tabs] a')].find((a) => a.textContent.trim() === 'Gantt Chart').click();
      return t;
    })())`);
    const first = await rowsInDom(page);
    const arrowsShown = await page.locator('[data-testid=gantt-link]').count();
    const box = page.locator('[data-testid=gantt-scroll]');
    const height = await box.evaluate((el) => el.scrollHeight);
    assert.ok(height >= ROWS * 40, `the scroll box keeps the full height (${height} px)`);
    const scroll = await page.evaluate(`(${PAINTED})(() => {
      const rows = document.querySelectorAll('[data-testid=gantt-row]');
      return rows.length && rows[rows.length - 1].textContent.includes('Wide task ${ROWS - 1}');
    }, (() => {
      const t = performance.now();
      const el = document.querySelector('[data-testid=gantt-scroll]');
      el.scrollTop = el.scrollHeight;
      return t;
    })())`);
    const bottom = await rowsInDom(page);
    assert.equal(await page.locator('[data-testid=gantt-row] >> text="Wide task 0"').count(), 0, 'the top rows left the DOM');
    await shot(page, 'gantt-2000-bottom');
    // The List/Gantt toggle of the task list shows the same chart.
    t0 = Date.now();
    await page.goto(`${moduleUrl}/tasks?view=gantt`);
    await page.locator('[data-testid=child-list] [data-testid=gantt-row]').first().waitFor();
    const togglePage = Date.now() - t0;
    const toggleRows = await rowsInDom(page);
    // What a drag asks while a bar moves (the preview of what follows), over the 2,000-task plan: five times.
    const api = await apiAs(stack.url, bench.superuser, bench.password);
    const tree = await api.get(`/api/module/tree/${bench.wide_project}`);
    const firstTask = tree.data.item.rows[0];
    const previews = [];
    for (let i = 0; i < 5; i += 1) {
      const t1 = Date.now();
      const answer = await api.post(firstTask.deliverable.links.preview_move.url, { startDate: firstTask.deliverable.startDate });
      previews.push(Date.now() - t1);
      assert.equal(answer.status, 200);
    }
    previews.sort((a, b) => a - b);
    console.log(`# gantt, ${ROWS} rows and ${bench.relations} relations (${arrowsShown} arrows drawn at the top): `
      + `the drag preview answers in ${previews[2]} ms (median of 5; ${previews.join(', ')})`);
    console.log(`# gantt, ${ROWS} rows: tab render ${render.toFixed(0)} ms (whole page with the API ${pageLoad} ms), `
      + `scroll to the bottom ${scroll.toFixed(0)} ms; rows in the DOM: ${first} at the top, ${bottom} at the bottom, `
      + `${toggleRows} in the List/Gantt toggle (whole page ${togglePage} ms)`);
    assert.equal(bench.relations, RELATIONS);
    assert.ok(arrowsShown > 0 && arrowsShown < RELATIONS, `only the arrows crossing the rendered rows (${arrowsShown})`);
    assert.ok(render < LIMIT_MS, `first render took ${render} ms`);
    assert.ok(scroll < LIMIT_MS, `the scroll to the bottom took ${scroll} ms`);
    for (const n of [first, bottom, toggleRows]) assert.ok(n > 5 && n <= MAX_ROWS_IN_DOM, `${n} rows in the DOM`);
    assert.deepEqual(errors, []);
    await context.close();
  });
});

/** The Lisbon project's child whose bar starts in the default window (6 days before today to 25 after). */
async function target(client) {
  const item = (await client.get(`/api/module/view/${ids.projectId}`)).data.item;
  const today = new Date();
  const iso = (n) => addDays(`${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`, n);
  return item.children.find((c) => c.deliverable && c.deliverable.startDate >= iso(-4) && c.deliverable.startDate <= iso(18));
}

/**
 * Where to grab a bar (`b`: its box) in `row`: inside the part not under the sticky name column nor past the
 * scroll box's right edge, away from its end handles (scrolled into view, a long bar may pass under the names).
 */
async function grabX(row, b) {
  const label = await row.locator('.gantt__label').boundingBox();
  const box = await row.page().locator('[data-testid=gantt-scroll]').boundingBox();
  const from = Math.max(b.x, label.x + label.width);
  const to = Math.min(b.x + b.width, box.x + box.width);
  return from + Math.min((to - from) / 2, 40);
}

/**
 * The Lisbon project's chart in the days zoom around today (it opens fitted to the subtree's dates), scrolled
 * until the row of `rowId` is rendered (only the rows in view are).
 */
async function openLisbonGantt(who, rowId) {
  const { page, context, errors } = await openPage(browser, stack.url);
  await signIn(page, stack.url, who);
  await page.goto(`${stack.url}/portal/${ids.portalId}/module/${ids.projectId}/gantt-chart`);
  await page.locator('[data-testid=gantt-row]').first().waitFor();
  await page.click('[data-testid=gantt-zoom-days]');
  await page.click('[data-testid=gantt-today-btn]');
  await page.locator('[data-testid=gantt-scroll]').evaluate(async (box, id) => {
    while (!box.querySelector(`[data-id="${id}"]`) && box.scrollTop + box.clientHeight < box.scrollHeight) {
      box.scrollTop += box.clientHeight / 2;
      await new Promise((r) => requestAnimationFrame(r));
    }
  }, rowId);
  await page.locator(`[data-testid=gantt-row][data-id="${rowId}"]`).waitFor();
  return { page, context, errors };
}

describe('moving bars', () => {
  test('an editor drags a bar three days later: both dates saved, shown after a reload, given by the API', async () => {
    const sofia = await apiAs(stack.url, 'sofia@demo.eu');
    const child = await target(sofia);
    assert.ok(child, 'a Lisbon child starts in the window');
    assert.ok(child.deliverable.links.edit_deadline, 'the editor may change its dates');
    const { page, context, errors } = await openLisbonGantt('sofia@demo.eu', child.id);
    const row = page.locator(`[data-testid=gantt-row][data-id="${child.id}"]`);
    const bar = row.locator('button[data-testid=gantt-bar]');
    const was = child.deliverable;
    assert.match(await bar.getAttribute('aria-label'), new RegExp(`${formatDay(was.startDate)} to ${formatDay(was.deadline)}`));
    await bar.scrollIntoViewIfNeeded(); // below the header and its fields
    const b = await bar.boundingBox();
    const track = await row.locator('.gantt__track').boundingBox();
    const perDay = track.width / 32;
    const x = await grabX(row, b);
    const y = b.y + b.height / 2;
    // Both dates in one write (issue 42: what follows the bar then moves once).
    const saved = page.waitForResponse((r) => r.url().includes('/api/deliverable/edit-dates/') && r.request().method() === 'POST');
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + perDay * 1.5, y, { steps: 4 });
    await page.mouse.move(x + perDay * 3, y, { steps: 4 });
    await page.mouse.up();
    assert.equal((await saved).status(), 200);
    const start = addDays(was.startDate, 3);
    const deadline = addDays(was.deadline, 3);
    const label = `${formatDay(start)} to ${formatDay(deadline)}`;
    await page.waitForFunction(([id, text]) => {
      const el = document.querySelector(`[data-testid=gantt-row][data-id="${id}"] [data-testid=gantt-bar]`);
      return el && el.getAttribute('aria-label').includes(text) && !el.getAttribute('aria-busy');
    }, [child.id, label]);
    assert.equal(await page.locator('[data-testid=gantt-error]').count(), 0);
    await page.reload();
    await bar.waitFor();
    assert.match(await bar.getAttribute('aria-label'), new RegExp(label));
    const now = (await sofia.get(`/api/deliverable/find/${child.id}`)).data.item;
    assert.equal(now.startDate, start);
    assert.equal(now.deadline, deadline);
    // The keyboard: the focused bar takes Shift+ArrowLeft, the deadline a day earlier.
    const keyed = page.waitForResponse((r) => r.url().includes('/api/deliverable/edit-deadline/') && r.request().method() === 'POST');
    await bar.focus();
    await page.keyboard.press('Shift+ArrowLeft');
    assert.equal((await keyed).status(), 200);
    await page.waitForFunction(([id, text]) => {
      const el = document.querySelector(`[data-testid=gantt-row][data-id="${id}"] [data-testid=gantt-bar]`);
      return el && el.getAttribute('aria-label').includes(text);
    }, [child.id, `to ${formatDay(addDays(deadline, -1))}`]);
    assert.equal((await sofia.get(`/api/deliverable/find/${child.id}`)).data.item.deadline, addDays(deadline, -1));
    await shot(page, 'gantt-dragged');
    // The zoom: months, then weeks, then back to days; the header follows, the bar stays.
    await page.click('[data-testid=gantt-zoom-months]');
    assert.equal(await page.locator('.gantt__head .gantt__col').count(), 12);
    await bar.waitFor();
    await shot(page, 'gantt-months');
    await page.click('[data-testid=gantt-zoom-weeks]');
    assert.equal(await page.locator('.gantt__head .gantt__col').count(), 16);
    await page.click('[data-testid=gantt-zoom-days]');
    assert.equal(await page.locator('.gantt__head .gantt__col').count(), 32);
    assert.equal(await page.locator('[data-testid=gantt-back]').innerText(), '‹ Week');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a refused save (the item was locked meanwhile) shows the server\'s error and puts the bar back', async () => {
    const sofia = await apiAs(stack.url, 'sofia@demo.eu');
    const admin = await apiAs(stack.url, 'admin@demo.eu');
    const child = await target(sofia);
    const { page, context, errors } = await openLisbonGantt('sofia@demo.eu', child.id);
    const bar = page.locator(`[data-testid=gantt-row][data-id="${child.id}"] button[data-testid=gantt-bar]`);
    const label = await bar.getAttribute('aria-label');
    const patch = (what) => fetch(`${stack.url}/api/module/${what}/${child.id}`, { method: 'PATCH', headers: { Authorization: `Bearer ${admin.token}` } });
    // Locked between the drag and its save: a lock made earlier reaches the page by its live updates (issue 16)
    // and takes the bar's drag away, so the lock is made while the save is on its way.
    let locked = false;
    await page.route('**/api/deliverable/**', async (route) => {
      if (route.request().method() !== 'GET' && !locked) {
        locked = true;
        assert.equal((await patch('lock')).status, 200);
      }
      await route.continue();
    });
    try {
      await bar.scrollIntoViewIfNeeded(); // below the header and its fields
      const b = await bar.boundingBox();
      const row = page.locator(`[data-testid=gantt-row][data-id="${child.id}"]`);
      const perDay = (await row.locator('.gantt__track').boundingBox()).width / 32;
      const x = await grabX(row, b);
      await page.mouse.move(x, b.y + b.height / 2);
      await page.mouse.down();
      await page.mouse.move(x + perDay * 2, b.y + b.height / 2, { steps: 4 });
      await page.mouse.up();
      const dialog = page.locator('[data-testid=gantt-error]');
      await dialog.waitFor();
      assert.match(await dialog.innerText(), /locked/i);
      assert.equal(await page.locator(`[data-testid=gantt-row][data-id="${child.id}"] [data-testid=gantt-bar]`).getAttribute('aria-label'), label, 'the bar is back where it was');
      await page.click('[data-testid=gantt-error-ok]');
      await dialog.waitFor({ state: 'detached' });
    } finally {
      assert.ok(locked, 'the save was sent');
      assert.equal((await patch('unlock')).status, 200);
    }
    assert.equal((await sofia.get(`/api/deliverable/find/${child.id}`)).data.item.deadline, child.deliverable.deadline);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a viewer (no edit link) cannot drag: the bar is a picture and nothing is sent', async () => {
    const viktor = await apiAs(stack.url, 'viktor@demo.eu');
    const child = await target(viktor);
    assert.ok(child, 'the viewer sees the Lisbon child');
    assert.deepEqual(child.deliverable.links, {}, 'no edit link for a viewer');
    const { page, context, errors } = await openLisbonGantt('viktor@demo.eu', child.id);
    const sent = [];
    page.on('request', (r) => { if (r.url().includes('/api/deliverable/')) sent.push(r.url()); });
    const row = page.locator(`[data-testid=gantt-row][data-id="${child.id}"]`);
    assert.equal(await page.locator('button[data-testid=gantt-bar]').count(), 0, 'no bar is a button');
    const bar = row.locator('[data-testid=gantt-bar][role=img]');
    const before = await bar.getAttribute('style');
    await bar.scrollIntoViewIfNeeded(); // below the header and its fields
    const b = await bar.boundingBox();
    await page.mouse.move(b.x + 10, b.y + b.height / 2);
    await page.mouse.down();
    await page.mouse.move(b.x + 120, b.y + b.height / 2, { steps: 5 });
    await page.mouse.up();
    await page.waitForTimeout(300);
    assert.equal(await bar.getAttribute('style'), before, 'the bar did not move');
    assert.deepEqual(sent, []);
    assert.equal((await viktor.get(`/api/deliverable/find/${child.id}`)).data.item.deadline, child.deliverable.deadline);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
