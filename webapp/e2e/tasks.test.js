/* Browser tests of /portal/{id}/tasks-all: filtered by status and text, exported to CSV (every row as filtered,
 * a formula-looking name escaped), and a task under a phase opened over that phase's tasks tab; and of a phase's
 * tasks, whose checklist box and status badge are one meaning of done (issue 40). */
import fs from 'node:fs';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { LAPTOP, PHONE, TABLET, brokenWords, checkScreen } from './a11y.js';
import { openPage, shot, signIn, useStack } from './browser.js';
import { apiAs, lisbon, submitForm } from './outbox.js';

const FORMULA = '=HYPERLINK("http://evil.example","Survey")';
const OPEN = 'NOT_STARTED,IN_PROGRESS,BLOCKED';
// The widths the box and the badge are checked at: a common laptop screen and a phone.
const DONE_VIEWPORTS = [['1366', { width: 1366, height: 768 }], ['390', PHONE]];

let stack;
let browser;
let ids;
let admin;
let phase;
let formulaTask;
let tickTasks; // {width: task} in progress, one per width of DONE_VIEWPORTS

useStack(async (s, b) => {
  stack = s;
  browser = b;
  admin = await apiAs(stack.url, 'admin@demo.eu');
  ids = await lisbon(admin);
  const kids = (await admin.get(`/api/module/list/${ids.projectId}`)).data.list;
  phase = kids.find((k) => k.type === '4rineu_phase' && k.name.startsWith('Phase 0'));
  // A task whose name a spreadsheet would run as a formula, open (blocked), in Lisbon's phase 0.
  formulaTask = await submitForm(admin, `/api/module/add/${phase.id}/4rineu_task`, { name: FORMULA, description: 'CSV test' });
  await submitForm(admin, `/api/deliverable/add/${formulaTask.id}`, { status: 'BLOCKED', deadline: '2026-12-24' });
  tickTasks = {};
  for (const [width] of DONE_VIEWPORTS) {
    tickTasks[width] = await submitForm(admin, `/api/module/add/${phase.id}/4rineu_task`, { name: `Site visit ${width}`, description: '' });
    await submitForm(admin, `/api/deliverable/add/${tickTasks[width].id}`, { status: 'IN_PROGRESS' });
  }
});

const tasksUrl = (query = '') => `/api/module/detailed-list-by-type/4rineu_task/${ids.portalId}${query}`;

/** RFC 4180 lines and fields (quoted fields with doubled quotes, CRLF line ends). */
function parseCsv(text) {
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i += 1; } else if (c === '"') quoted = false; else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(field); field = ''; } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field); rows.push(row); row = []; field = ''; i += 1;
    } else field += c;
  }
  assert.equal(field, '', 'the file ends with CRLF');
  return rows;
}

/** Wait until the table is no longer loading and shows `count` rows in all. */
async function showsTotal(page, total) {
  await page.locator(`[data-testid=dt-count] >> text="${total} ${total === 1 ? 'row' : 'rows'}"`).waitFor();
  await page.waitForFunction(() => !document.querySelector('[data-testid=tasks-table][aria-busy]'));
}

/** tasks-all as the admin in a window of `viewport`, with its first row shown. */
async function openTasks(viewport) {
  const opened = await openPage(browser, stack.url, { viewport });
  await signIn(opened.page, stack.url, 'admin@demo.eu');
  await opened.page.goto(`${stack.url}/portal/${ids.portalId}/tasks-all`);
  const row = opened.page.locator('[data-testid=task-row]').first();
  await row.waitFor();
  return { ...opened, row };
}

describe('tasks-all', () => {
  test('filtered by status and text, exported to CSV as filtered, every page', async () => {
    const query = `?status=${OPEN}&q=e&sort=deadline`;
    const expected = (await admin.get(tasksUrl(`${query}&perPage=500`))).data;
    assert.ok(expected.meta.total > 10, `${expected.meta.total} open tasks with an 'e': more than a page of 10`);
    assert.ok(expected.list.some((r) => r.id === formulaTask.id));
    const { page, context, errors } = await openPage(browser, stack.url);
    await signIn(page, stack.url, 'admin@demo.eu');
    await page.goto(`${stack.url}/portal/${ids.portalId}/tasks-all`);
    await page.locator('[data-testid=task-row]').first().waitFor();
    await page.selectOption('[data-testid=dt-pagesize]', '10');
    await page.selectOption('[data-testid=tasks-status]', OPEN);
    await page.fill('[data-testid=dt-search]', 'e');
    await page.click('[data-testid=th-deadline]');
    await showsTotal(page, expected.meta.total);
    await page.locator('[data-testid=th-deadline][aria-sort=ascending]').waitFor();
    assert.equal(await page.locator('[data-testid=task-row]').count(), 10);
    assert.equal(await page.locator('[data-testid=dt-pageinfo]').innerText(), `Page 1 of ${Math.ceil(expected.meta.total / 10)}`);

    const exports = [];
    page.on('request', (r) => { if (r.url().includes('perPage=500')) exports.push(new URL(r.url()).searchParams); });
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=dt-export]')]);
    assert.match(download.suggestedFilename(), /^tasks-4rineu-consortium-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = fs.readFileSync(await download.path());
    assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'UTF-8 with a BOM');
    const [head, ...rows] = parseCsv(bytes.toString('utf8').slice(1));
    assert.deepEqual(head, ['Portal', 'Project', 'ID', 'Task', 'In', 'In (type)', 'Status', 'Owner', 'Start', 'Deadline', 'Spent (h)', 'Done']);
    // every row of the filter, in the list's order, not only the page shown
    assert.equal(rows.length, expected.meta.total);
    assert.deepEqual(rows.map((r) => Number(r[2])), expected.list.map((r) => r.id));
    assert.ok(rows.every((r) => ['Not Started', 'In Progress', 'Blocked'].includes(r[6])), rows.map((r) => r[6]).join());
    assert.ok(rows.every((r) => /e/i.test(r[3])));
    assert.ok(rows.every((r) => r[0] === '4RinEU Consortium' && r[1] && /^\d{4}-\d{2}-\d{2}$|^$/.test(r[9])));
    const formula = rows.find((r) => Number(r[2]) === formulaTask.id);
    assert.deepEqual([formula[3], formula[4], formula[5], formula[6], formula[9]], [`'${FORMULA}`, phase.name, 'Phase', 'Blocked', '2026-12-24']);
    assert.ok(bytes.toString('utf8').includes('Façade') || !expected.list.some((r) => r.name.includes('Façade')), 'accents kept');
    // the export asked the API with the table's filters, sort and search
    assert.ok(exports.length >= 1);
    assert.deepEqual(Object.fromEntries(exports[0]), { page: '1', perPage: '500', sort: 'deadline', q: 'e', status: OPEN });
    await shot(page, 'tasks-all-export');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a task under a phase opens in the side peek, its phase in its path; Close goes to that phase\'s tasks tab', async () => {
    const { page, context, errors } = await openPage(browser, stack.url);
    await signIn(page, stack.url, 'sofia@demo.eu');
    await page.goto(`${stack.url}/portal/${ids.portalId}/tasks-all`);
    const found = (await admin.get(tasksUrl('?q=energy%20audit&perPage=1'))).data.meta.total;
    await page.locator('[data-testid=task-row]').first().waitFor();
    await page.fill('[data-testid=dt-search]', 'Energy audit');
    await showsTotal(page, found);
    const group = await page.locator('[data-testid=dt-group]').first().innerText();
    assert.ok(group.startsWith('4RinEU Consortium › Lisbon demo case'), group);
    const row = page.locator('[data-testid=task-row]').first();
    assert.equal(await row.locator('[data-testid=task-parent]').innerText(), `Phase · ${phase.name}`);
    // the Lisbon task in phase 0 (the table is in tree order: Lisbon first)
    const link = row.locator('[data-testid=task-name]');
    assert.equal((await link.innerText()).replace(/^✓/, ''), 'Energy audit');
    const href = await link.getAttribute('href');
    const taskId = Number(await row.getAttribute('data-id'));
    assert.equal(href, `/portal/${ids.portalId}/projects/${ids.projectId}/phases/${phase.id}/tasks/${taskId}`);
    await link.click();
    // 1,360 px: the task in the side peek beside the project's phases tab, its phase last in its path (a link to it)
    const peek = page.locator('[data-testid=peek]');
    await peek.locator('[data-testid=module-name]', { hasText: 'Energy audit' }).waitFor();
    assert.equal(await page.locator('[data-testid=overlay]').count(), 0);
    assert.equal(await page.locator('.module-view .tabs__tab--on').first().innerText(), 'Phases');
    const crumb = peek.locator('[data-testid=crumbs] a').last();
    assert.equal(await crumb.innerText(), phase.name);
    assert.match(await crumb.getAttribute('href'), new RegExp(`/projects/${ids.projectId}/phases/${phase.id}$`));
    // Close goes back to the phase's tasks tab, where the task is listed
    await peek.locator('[data-testid=peek-close]').click();
    await page.waitForURL(`**/projects/${ids.projectId}/phases/${phase.id}/tasks`);
    await peek.locator('[data-testid=module-name]', { hasText: phase.name }).waitFor();
    await peek.locator('.tabs__tab--on', { hasText: 'Tasks' }).waitFor();
    await peek.locator('[data-testid=child-row]', { hasText: 'Energy audit' }).waitFor();
    await shot(page, 'tasks-all-phase-overlay');
    assert.deepEqual(errors, []);
    await context.close();
  });

  for (const [size, viewport] of [['tablet', TABLET], ['laptop', LAPTOP]]) {
    test(`on a ${size} the table scrolls sideways with the task names and the group headings held in sight`, async () => {
      const { page, context, errors, row } = await openTasks(viewport);
      const scroller = page.locator('[data-testid=tasks-table] .dt__scroll');
      const room = await scroller.evaluate((el) => el.scrollWidth - el.clientWidth);
      assert.ok(room > 0, 'the table is wider than its box');
      await scroller.evaluate((el) => { el.scrollLeft = el.scrollWidth; });
      const [box, name, id, deadline] = await Promise.all([scroller.boundingBox(), row.locator('[data-testid=task-name]').boundingBox(),
        row.locator('td').first().boundingBox(), row.locator('[data-testid=task-deadline]').boundingBox()]);
      // scrolled to its end: the deadline shows, the ID has gone left, the task's name stays at the left edge
      assert.ok(deadline.x + deadline.width <= box.x + box.width + 1, JSON.stringify({ deadline, box }));
      assert.ok(id.x + id.width <= box.x + 1, `the ID scrolled away: ${JSON.stringify(id)}`);
      assert.ok(name.x >= box.x && name.x < box.x + 40, `the name is held at the left: ${JSON.stringify({ name, box })}`);
      // a group's heading (its project) stays at the left too, where it was scrolled off beyond the ID
      const group = await page.locator('[data-testid=dt-group] .dt__group-label').first().boundingBox();
      assert.ok(group.x >= box.x && group.x < box.x + 40, `the heading is held at the left: ${JSON.stringify({ group, box })}`);
      await page.locator('[data-testid=tasks-table] .dt__scroll--sideways').waitFor();
      await checkScreen(page, `all tasks (${size})`);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  test('at 1,024 px, beside the side menu, the task names keep their words whole', async () => {
    const { page, context, errors } = await openTasks(LAPTOP);
    // A name breaks only a word longer than its column's 10em (the formula): squeezed to 50 px by the other columns,
    // 'Building survey' read 'Buildi ng surve y'.
    const names = page.locator('[data-testid=task-name]');
    assert.ok(await names.count() > 10);
    assert.deepEqual(await brokenWords(names), []);
    await checkScreen(page, 'all tasks (laptop)');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('on a phone each task is a card: every column in sight, labelled, sorted by its header button', async () => {
    const { page, context, errors, row } = await openTasks(PHONE);
    // the lines of the card: each cell's column header beside its value, all within the screen (the table
    // scrolled sideways, its status, owner and dates out of sight)
    const lines = await row.locator('td').evaluateAll((tds) => tds.map((td) => {
      const r = td.getBoundingClientRect();
      return { label: td.dataset.label, left: Math.round(r.left), right: Math.round(r.right), top: Math.round(r.top) };
    }));
    assert.deepEqual(lines.map((l) => l.label), ['ID', 'Task', 'In', 'Status', 'Owner', 'Start', 'Deadline', 'Spent (h)']);
    const width = PHONE.width;
    assert.ok(lines.every((l) => l.left >= 0 && l.right <= width), JSON.stringify(lines));
    assert.ok(lines.every((l, i) => i === 0 || l.top > lines[i - 1].top), 'one line under the other');
    const label = await row.locator('[data-testid=task-owner]').evaluate((el) => getComputedStyle(el.closest('td'), '::before').content);
    assert.equal(label, '"Owner"');
    // still a table to a screen reader: Chromium's accessibility tree has a row per task and its cells
    const { nodes } = await (await context.newCDPSession(page)).send('Accessibility.getFullAXTree');
    const roles = nodes.map((n) => n.role && n.role.value);
    const shown = await page.locator('[data-testid=task-row]').count();
    assert.ok(roles.filter((r) => r === 'row').length > shown, 'a row per task, and the header row');
    assert.ok(roles.filter((r) => r === 'cell').length >= shown * 8, 'eight cells a task');
    // the sortable headers are buttons in a row, in sight; a press sorts as on a desktop
    const chip = page.locator('[data-testid=th-deadline]');
    const box = await chip.boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= width && box.height < 40, JSON.stringify(box));
    await chip.click();
    await page.locator('[data-testid=th-deadline][aria-sort=ascending]').waitFor();
    await page.waitForFunction(() => !document.querySelector('[data-testid=tasks-table][aria-busy]'));
    const first = (await admin.get(tasksUrl('?sort=deadline&perPage=1'))).data.list[0];
    assert.equal(await page.locator('[data-testid=task-row]').first().getAttribute('data-id'), String(first.id));
    await checkScreen(page, 'all tasks, cards (phone)');
    await shot(page, 'tasks-all-phone');
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe('one meaning of done: the checklist box and the status badge', () => {
  for (const [width, viewport] of DONE_VIEWPORTS) {
    test(`at ${width} px ticking sets the badge to Completed and back, and a status set ticks the box`, async () => {
      const task = tickTasks[width];
      const { page, context, errors } = await openPage(browser, stack.url, { viewport });
      await signIn(page, stack.url, 'admin@demo.eu');
      await page.goto(`${stack.url}/portal/${ids.portalId}/projects/${ids.projectId}/phases/${phase.id}/tasks`);
      // 1,366 px: the phase in the side peek, its task in its place; 390 px: the task's overlay over the phase's
      const frames = page.locator(width === '390' ? '[data-testid=overlay]' : '[data-testid=peek]');
      const taskFrame = width === '390' ? frames.nth(1) : frames.first();
      const link = `a[href$="/phases/${phase.id}/tasks/${task.id}"]`;
      const row = frames.first().locator('[data-testid=child-row]', { has: page.locator(link) });
      const box = row.locator('[data-testid=checklist]');
      const badge = (status) => row.locator(`[data-testid=status-badge][data-status="${status}"]`);
      await badge('IN_PROGRESS').waitFor();
      assert.equal(await box.isChecked(), false);

      // Ticking completes the task: the row's badge follows without a reload of the page.
      await box.click();
      await badge('COMPLETED').waitFor();
      await row.locator('[data-testid=checklist]:checked').waitFor();
      assert.equal(await badge('COMPLETED').innerText(), 'Completed');
      await checkScreen(page, `a phase's tasks, one ticked (${width} px)`);
      await shot(page, `done-ticked-${width}`);
      // Unticking returns the status it had.
      await box.click();
      await badge('IN_PROGRESS').waitFor();
      await row.locator('[data-testid=checklist]:not(:checked)').waitFor();

      // The status set in the task's own properties (its menu, in place) ticks its box in the phase's list.
      await row.locator(link).click();
      const header = taskFrame.locator('[data-testid=props-status]');
      await header.locator('[data-testid=status-badge]').click();
      const menu = taskFrame.locator('[data-testid=status-menu]');
      await menu.waitFor();
      await checkScreen(page, `the status menu of a task (${width} px)`);
      await menu.locator('[data-status=VERIFIED_COMPLETE]').click();
      await menu.waitFor({ state: 'detached' });
      await header.locator('[data-testid=status-badge][data-status=VERIFIED_COMPLETE]').waitFor();
      await page.waitForLoadState('networkidle'); // saved
      await taskFrame.locator('[data-testid=overlay-close], [data-testid=peek-close]').last().click();
      await page.waitForURL(`**/phases/${phase.id}/tasks`);
      await row.locator('[data-testid=checklist]:checked').waitFor();
      await badge('VERIFIED_COMPLETE').waitFor();
      await checkScreen(page, `a phase's tasks, one verified complete (${width} px)`);
      await shot(page, `done-verified-${width}`);
      // The server holds the same: the box ticked, the status the form set, one entry per change in the feed.
      const rows = (await admin.get(`/api/module/list/${phase.id}`)).data.list;
      const listed = rows.find((r) => r.id === task.id);
      assert.deepEqual([listed.checklist.completed, listed.deliverable.status.name], [true, 'VERIFIED_COMPLETE']);
      const feed = (await admin.get(`/api/feed/list/${task.id}`)).data.list;
      assert.deepEqual(feed.slice(0, 3).map((e) => [e.category, e.extra.ticked ?? null]),
        [['deliverable', null], ['deliverable', false], ['deliverable', true]]);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});
