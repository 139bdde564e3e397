/* Browser tests of 'Parents add up' (issue 40, point 4), at 1366 and 390 px: a project's Tasks tab lists the tasks
 * inside its phases as a tree table (fold and unfold by mouse and keyboard, a filter that shows each match's parent
 * path, a roll-up on every parent, the warning on a Completed phase holding a Blocked task), and the Gantt shows
 * the hierarchy (summary bars, folding), opens fitted to the subtree's dates, fits again, takes every zoom without
 * an axe finding, and its name column is resized by drag and by keyboard. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { PHONE, checkScreen } from './a11y.js';
import { openPage, shot, signIn, useStack } from './browser.js';
import { apiAs, lisbon, submitForm } from './outbox.js';

const VIEWPORTS = [['1366', { width: 1366, height: 768 }], ['390', PHONE]];
const PHASE = 'Tree check – Completed';
const BLOCKED = 'Tree check blocked task';
const DONE = 'Tree check finished task';

let stack;
let browser;
let ids;
let phase;
let blocked;

useStack(async (s, b) => {
  stack = s;
  browser = b;
  const admin = await apiAs(stack.url, 'admin@demo.eu');
  ids = await lisbon(admin);
  // A phase marked Completed that still holds a Blocked task (and a finished one): the flag's case.
  phase = await submitForm(admin, `/api/module/add/${ids.projectId}/4rineu_phase`, { name: PHASE, description: '' });
  await submitForm(admin, `/api/deliverable/add/${phase.id}`, { status: 'COMPLETED', startDate: '2026-01-05', deadline: '2026-02-27' });
  blocked = await submitForm(admin, `/api/module/add/${phase.id}/4rineu_task`, { name: BLOCKED, description: '' });
  await submitForm(admin, `/api/deliverable/add/${blocked.id}`, { status: 'BLOCKED', startDate: '2026-01-12', deadline: '2026-03-20' });
  const done = await submitForm(admin, `/api/module/add/${phase.id}/4rineu_task`, { name: DONE, description: '' });
  await submitForm(admin, `/api/deliverable/add/${done.id}`, { status: 'COMPLETED', startDate: '2026-01-05', deadline: '2026-01-30' });
});

const projectUrl = () => `${stack.url}/portal/${ids.portalId}/projects/${ids.projectId}`;

/** The subtree as the API gives it to sofia: its rows, and the first and last date among them. */
async function subtree(client, type) {
  const t0 = Date.now();
  const item = (await client.get(`/api/module/tree/${ids.projectId}${type ? `?type=${type}` : ''}`)).data.item;
  const ms = Date.now() - t0;
  const days = item.rows.flatMap((r) => (r.deliverable ? [r.deliverable.startDate, r.deliverable.deadline] : [])).filter(Boolean).sort();
  return { item, ms, first: days[0], last: days[days.length - 1] };
}

describe('the tree table of a project\'s tasks', () => {
  for (const [width, viewport] of VIEWPORTS) {
    test(`tasks inside phases, folded, filtered, rolled up and flagged (${width} px)`, async () => {
      const sofia = await apiAs(stack.url, 'sofia@demo.eu');
      const { item, ms } = await subtree(sofia, '4rineu_task');
      const tasks = item.rows.filter((r) => r.type === '4rineu_task');
      console.log(`figure: module/tree of Lisbon, tasks: ${item.rows.length} rows (${tasks.length} tasks) in ${ms} ms`);
      assert.ok(tasks.length > 3, 'the phases hold tasks');
      const { page, context, errors } = await openPage(browser, stack.url, { viewport, timeout: 20000 });
      await signIn(page, stack.url, 'sofia@demo.eu');
      await page.goto(`${projectUrl()}/tasks`);
      const group = page.locator('[data-testid=tree-row]', { hasText: PHASE });
      await group.waitFor();
      assert.equal(await page.getByText('No tasks yet').count(), 0);
      assert.equal(await page.locator('[data-testid=child-list] .section-title .count').innerText(), String(tasks.length));
      // The Completed phase with a Blocked task below: the warning, and its roll-up in words.
      const flag = group.locator('[data-testid=tree-flag]');
      assert.ok(await flag.isVisible());
      assert.match(await flag.getAttribute('title'), /Marked Completed, but 1 item below is still open/);
      assert.match(await group.locator('[data-testid=rollup]').innerText(), /1\/2/);
      assert.match(await group.locator('[data-testid=rollup]').getAttribute('title'), /1 of 2 done: .*1 Blocked/);
      const rowOf = (name) => page.locator('[data-testid=tree-row]', { hasText: name });
      assert.equal(await rowOf(BLOCKED).getAttribute('data-depth'), '1');
      await checkScreen(page, `tree table (${width})`);
      await shot(page, `tree-table-${width}`);
      // Fold with the mouse, unfold with the keyboard.
      const toggle = group.locator('[data-testid=tree-toggle]');
      assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
      await toggle.click();
      await rowOf(BLOCKED).waitFor({ state: 'detached' });
      assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
      await toggle.focus();
      await page.keyboard.press('Enter');
      await rowOf(BLOCKED).waitFor();
      assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
      // The filter: the matching row alone, with its parent path.
      await page.fill('[data-testid=tree-filter]', 'tree check blocked');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=child-list] tbody tr').length === 1);
      assert.equal(await rowOf(BLOCKED).locator('[data-testid=tree-path]').innerText(), `${PHASE} ›`);
      await checkScreen(page, `tree table, filtered (${width})`);
      await shot(page, `tree-filtered-${width}`);
      // The match opens at its nested address (under its phase): beside the list from 1,200 px, over it below.
      await rowOf(BLOCKED).locator('a.childlist__name').click();
      await page.waitForURL((u) => u.pathname.includes(`/phases/${phase.id}/tasks/${blocked.id}`));
      const frame = viewport.width >= 1200 ? 'peek' : 'overlay';
      await page.locator(`[data-testid=${frame}] [data-testid=module-name]`, { hasText: BLOCKED }).waitFor();
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});

describe('the Gantt of the subtree', () => {
  for (const [width, viewport] of VIEWPORTS) {
    test(`hierarchy, fitted, every zoom checked, Fit, the name column resized (${width} px)`, async () => {
      const sofia = await apiAs(stack.url, 'sofia@demo.eu');
      const { item, first, last } = await subtree(sofia);
      const { page, context, errors } = await openPage(browser, stack.url, { viewport, timeout: 20000 });
      await signIn(page, stack.url, 'sofia@demo.eu');
      await page.goto(`${projectUrl()}/gantt-chart`);
      const rows = page.locator('[data-testid=gantt-row]');
      await rows.first().waitFor();
      // The hierarchy: the phases' tasks have rows, and each phase with dated items below has a summary bar.
      const row = (id) => page.locator(`[data-testid=gantt-row][data-id="${id}"]`);
      const phase0 = item.rows.find((r) => r.name.startsWith('Phase 0'));
      assert.ok(phase0.deliverable && phase0.deliverable.startDate, 'Phase 0 has dates');
      assert.equal(await row(phase0.id).locator('[data-testid=gantt-bar]').count(), 1, 'Phase 0 is in the window');
      // The new phase is the last: only the rows in view are rendered.
      const toBottom = () => page.locator('[data-testid=gantt-scroll]').evaluate((el) => { el.scrollTop = el.scrollHeight; });
      await toBottom();
      await row(blocked.id).waitFor();
      assert.ok(await row(phase.id).locator('[data-testid=gantt-summary]').count() === 1);
      assert.ok(item.rows.some((r) => r.depth > 0), 'the subtree goes deeper than the phases');
      // Fitted: the window shown covers the first and the last date of the subtree (Phase 0 included).
      const fitted = await page.locator('[data-testid=gantt-range]').innerText();
      const zoom = await page.locator('.gantt__tools [aria-pressed=true]').innerText();
      console.log(`figure: Gantt of Lisbon (${width} px) opens on ${zoom}, ${fitted}, for dates ${first} to ${last}, ${item.rows.length} rows`);
      // Every zoom passes axe and the screen checks; Fit brings the fitted window back.
      for (const z of ['days', 'weeks', 'months']) {
        await page.click(`[data-testid=gantt-zoom-${z}]`);
        await page.locator(`[data-testid=gantt-zoom-${z}][aria-pressed=true]`).waitFor();
        await checkScreen(page, `gantt, ${z} (${width})`);
        await shot(page, `tree-gantt-${z}-${width}`);
      }
      await page.click('[data-testid=gantt-back]');
      assert.notEqual(await page.locator('[data-testid=gantt-range]').innerText(), fitted);
      await page.click('[data-testid=gantt-fit]');
      assert.equal(await page.locator('[data-testid=gantt-range]').innerText(), fitted);
      // Fold a phase: its rows go, unfold: they come back.
      const fold = row(phase.id).locator('[data-testid=gantt-toggle]');
      await fold.click();
      await row(blocked.id).waitFor({ state: 'detached' });
      await fold.click();
      await toBottom();
      await row(blocked.id).waitFor();
      // The name column: its full name on hover, cut only by the column's width; dragged 120 px wider, then
      // narrower by the keyboard.
      const name = row(blocked.id).locator('.gantt__label a');
      assert.equal(await name.getAttribute('title'), BLOCKED);
      const handle = page.locator('[data-testid=gantt-resizer]');
      const before = Number(await handle.getAttribute('aria-valuenow'));
      const cutBefore = await name.evaluate((el) => el.scrollWidth > el.clientWidth);
      await handle.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      const b = await handle.boundingBox();
      const hit = await page.evaluate(([x, y]) => document.elementFromPoint(x, y).dataset.testid, [b.x + b.width / 2, b.y + b.height / 2]);
      assert.equal(hit, 'gantt-resizer', 'the handle is under the pointer');
      await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
      await page.mouse.down();
      await page.mouse.move(b.x + b.width / 2 + 60, b.y + b.height / 2, { steps: 3 });
      await page.mouse.move(b.x + b.width / 2 + 120, b.y + b.height / 2, { steps: 3 });
      await page.mouse.up();
      const wider = Number(await handle.getAttribute('aria-valuenow'));
      assert.ok(Math.abs(wider - before - 120) <= 2, `dragged from ${before} to ${wider}`);
      const label = await row(blocked.id).locator('.gantt__label').boundingBox();
      assert.ok(Math.abs(label.width - wider) <= 1, `the column is ${label.width} px wide`);
      const cutAfter = await name.evaluate((el) => el.scrollWidth > el.clientWidth);
      await handle.focus();
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      assert.equal(Number(await handle.getAttribute('aria-valuenow')), wider - 20);
      console.log(`figure: Gantt name column (${width} px) ${before} px -> ${wider} px by drag, ${wider - 20} px by keyboard; '${BLOCKED}' cut before: ${cutBefore}, after: ${cutAfter}`);
      assert.equal(cutAfter, false, 'the whole name shows in the wider column');
      await checkScreen(page, `gantt, name column resized (${width})`);
      // The Tasks tab's Gantt: the tasks under their phases, every zoom checked too.
      await page.goto(`${projectUrl()}/tasks?view=gantt`);
      await page.locator('[data-testid=child-list] [data-testid=gantt-row]').first().waitFor();
      assert.ok(await page.locator('[data-testid=child-list] [data-testid=gantt-summary]').count() > 0);
      for (const z of ['days', 'weeks', 'months']) {
        await page.click(`[data-testid=gantt-zoom-${z}]`);
        await page.locator(`[data-testid=gantt-zoom-${z}][aria-pressed=true]`).waitFor();
        await checkScreen(page, `tasks as a gantt, ${z} (${width})`);
      }
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});
