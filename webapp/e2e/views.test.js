/* Browser tests of issue 44: the ways people look at their tasks. A phase's tasks on the board (a card dragged
   to another column, one moved by the keyboard, a move the server refuses snapping back, a column over its
   limit), on the calendar (a deadline moved to another day), a calendar feed whose address is shown once, works,
   and stops when revoked, saved views of the tasks' table and board opened again from their address, and My
   work's groups and calendar. At 1366×800 and 390×844, axe on every state reached. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { checkScreen } from './a11y.js';
import { openPage, signIn, until } from './browser.js';
import { apiAs, submitForm } from './outbox.js';
import { ROOT } from './servers.js';
import { useDemo } from './vault-helpers.js';

const CARDS = 500;

const WIDTHS = [['desktop', { width: 1366, height: 800 }], ['phone', { width: 390, height: 844 }]];

const t = useDemo(async (ctx) => {
  ctx.sofia = await apiAs(ctx.stack.url, 'sofia@demo.eu');
  ctx.me = (await ctx.sofia.get('/api/profile/currentuser')).data.item;
  // The board's In progress column holds one card at most in the demo portal.
  await submitForm(ctx.sofia, `/api/planning/settings/${ctx.ids.portal}`, { limitInProgress: '1' });
});

const day = (offset) => {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** A project with a phase of tasks: {Survey: NOT_STARTED, Design: NOT_STARTED, Permit: IN_PROGRESS, Idea: none}. */
async function newPhase(name) {
  const { sofia, ids, me } = t;
  const add = (parent, type, n) => submitForm(sofia, `/api/module/add/${parent}/${type}`, { name: n, description: '' });
  const project = await add(ids.portal, '4rineu_project', name);
  const phase = await add(project.id, '4rineu_phase', 'Phase 0');
  const m = { project: project.id, phase: phase.id };
  const plan = [['Survey', 'NOT_STARTED', 3], ['Design', 'NOT_STARTED', 6], ['Permit', 'IN_PROGRESS', 8], ['Late', 'BLOCKED', -2]];
  for (const [n, status, due] of plan) {
    m[n] = (await add(phase.id, '4rineu_task', `${n} ${name}`)).id;
    await submitForm(sofia, `/api/deliverable/add/${m[n]}`, { status, deadline: day(due), ownerId: String(me.id) });
  }
  m.Idea = (await add(phase.id, '4rineu_task', `Idea ${name}`)).id;
  return m;
}

const deliverable = async (id) => (await t.sofia.get(`/api/deliverable/find/${id}`)).data.item;

async function open(viewport, path) {
  const { page, context, errors } = await openPage(t.browser, t.stack.url, { timeout: 15000, viewport });
  await signIn(page, t.stack.url, 'sofia@demo.eu');
  await page.goto(`${t.stack.url}${path}`);
  return { page, context, errors };
}

const card = (page, id) => page.locator(`[data-testid=board-card][data-id="${id}"]`);
const column = (page, status) => page.locator(`[data-testid=board-column][data-status="${status}"]`);

/** Drag with the mouse from the top of one box to near the top left of another (a column may be partly scrolled
 *  out of its board), in steps. */
async function drag(page, from, to) {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + 12);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + 20, { steps: 3 });
  await page.mouse.move(b.x + Math.min(b.width / 2, 40), b.y + 40, { steps: 8 });
  await page.mouse.up();
}

describe('the board', () => {
  for (const [label, viewport] of WIDTHS) {
    test(`cards move by drag and by keyboard, a refused move snaps back, a column over its limit says so (${label})`, async () => {
      const m = await newPhase(`Board ${label}`);
      const { page, context, errors } = await open(viewport, `/portal/${t.ids.portal}/module/${m.phase}/tasks?view=board`);
      await card(page, m.Survey).waitFor();
      assert.equal(await card(page, m.Idea).getAttribute('data-movable'), 'false', 'no status: no status form to move it through');
      assert.equal(await column(page, '').locator('[data-testid=board-card]').count(), 1, 'Idea has no status');
      assert.equal(await page.getByTestId('board-over-limit').count(), 0);
      await checkScreen(page, `board (${label})`);

      if (label === 'desktop') {
        // Survey dragged to In progress: In progress now holds two cards, over its limit of one.
        await drag(page, card(page, m.Survey), column(page, 'IN_PROGRESS'));
        await column(page, 'IN_PROGRESS').locator(`[data-id="${m.Survey}"]`).waitFor();
        await until(async () => (await deliverable(m.Survey)).status.name === 'IN_PROGRESS', 'Survey in progress');
      } else {
        // On a phone the columns scroll sideways: the move is by keyboard (below) on Survey too.
        await card(page, m.Survey).getByTestId('board-move').focus();
        await page.keyboard.press('Space');
        await page.keyboard.press('ArrowRight');
        await page.keyboard.press('Space');
        await until(async () => (await deliverable(m.Survey)).status.name === 'IN_PROGRESS', 'Survey in progress');
      }
      await page.getByTestId('board-over-limit').waitFor();
      await checkScreen(page, `board: a column over its limit (${label})`);

      // Design by keyboard: Space lifts it, → → goes to Blocked, Space drops it; each step is said.
      await card(page, m.Design).getByTestId('board-move').focus();
      await page.keyboard.press('Space');
      assert.match(await page.getByTestId('board-said').innerText(), /Design/);
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await checkScreen(page, `board: a card lifted by the keyboard (${label})`);
      await page.keyboard.press('Space');
      await until(async () => (await deliverable(m.Design)).status.name === 'BLOCKED', 'Design blocked');
      await column(page, 'BLOCKED').locator(`[data-id="${m.Design}"]`).waitFor();
      assert.match(await page.getByTestId('board-said').innerText(), /Blocked/);

      // The board gives the focus back to Design's card once the reload after its move is in: wait for that, or
      // that refocus could land after the focus given to Permit below (a loaded machine, in CI).
      await until(async () => (await page.evaluate(() => {
        const c = document.activeElement && document.activeElement.closest('[data-testid=board-card]');
        return c ? c.dataset.id : null;
      })) === String(m.Design), 'the focus back on Design');
      // Permit locked meanwhile by another admin: the server refuses its status form (423, answered here so that
      // no live reload of the lock removes the card's move button first), it snaps back, and the reason shows.
      await page.route('**/api/deliverable/**', (route) => (route.request().method() === 'POST'
        ? route.fulfill({ status: 423, contentType: 'application/json', body: JSON.stringify({ error: 'This module is locked' }) })
        : route.continue()));
      await card(page, m.Permit).getByTestId('board-move').focus();
      await page.keyboard.press('Space');
      await until(async () => /Permit/.test(await page.getByTestId('board-said').innerText()), 'Permit lifted');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Space');
      await page.getByRole('alert').filter({ hasText: /lock/i }).first().waitFor();
      await column(page, 'IN_PROGRESS').locator(`[data-id="${m.Permit}"]`).waitFor();
      assert.equal((await deliverable(m.Permit)).status.name, 'IN_PROGRESS');
      await checkScreen(page, `board: a refused move (${label})`);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});

describe('the calendar', () => {
  for (const [label, viewport] of WIDTHS) {
    test(`a deadline moves to another day (${label})`, async () => {
      const m = await newPhase(`Calendar ${label}`);
      const { page, context, errors } = await open(viewport, `/portal/${t.ids.portal}/module/${m.phase}/tasks?view=calendar`);
      const due = day(3);
      await page.locator(`[data-testid=calendar-day][data-date="${due}"]`).first().waitFor();
      const chip = page.locator(`[data-testid=calendar-item][data-id="${m.Survey}"][data-kind=deadline]`);
      if (label === 'desktop') {
        await chip.waitFor();
        await chip.scrollIntoViewIfNeeded();
        await checkScreen(page, `calendar: month (${label})`);
        await drag(page, chip, page.locator(`[data-testid=calendar-day][data-date="${day(5)}"]`));
        await until(async () => (await deliverable(m.Survey)).deadline === day(5), 'the deadline moved two days');
        await page.locator(`[data-testid=calendar-item][data-id="${m.Survey}"][data-date="${day(5)}"]`).waitFor();
      } else {
        // A phone's month shows counts; the day, tapped, lists its items, moved by the keyboard.
        await page.locator(`[data-testid=calendar-day][data-date="${due}"]`).first().click();
        await chip.waitFor();
        await checkScreen(page, `calendar: a day's items (${label})`);
        await chip.locator('.cal-chip__move').focus();
        await page.keyboard.press('Space');
        await page.keyboard.press('ArrowRight');
        await page.keyboard.press('ArrowRight');
        await page.keyboard.press('Space');
        await until(async () => (await deliverable(m.Survey)).deadline === day(5), 'the deadline moved two days');
      }
      await page.getByTestId('calendar-view-week').click();
      await page.getByTestId('calendar-week').waitFor();
      await checkScreen(page, `calendar: week (${label})`);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});

describe('a calendar feed', () => {
  test('its address is shown once, serves the tasks, and stops when revoked', async () => {
    const m = await newPhase('Feed');
    const { page, context, errors } = await open(WIDTHS[0][1], '/profile');
    await page.getByTestId('calendar-feeds').waitFor();
    await page.getByTestId('new-calendar-feed').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('My deadlines');
    await checkScreen(page, 'calendar feed: the form');
    await dialog.getByRole('button', { name: /Save|Create|Submit/ }).click();
    const url = await page.getByTestId('feed-url').inputValue();
    assert.match(url, /\/api\/calendar-feed\/ical\/[A-Za-z0-9_-]{30,}\.ics$/);
    await checkScreen(page, 'calendar feed: its address, once');
    const got = await fetch(url.replace(/^https?:\/\/[^/]+/, t.stack.url));
    assert.equal(got.status, 200);
    assert.match(got.headers.get('content-type'), /^text\/calendar/);
    const ics = await got.text();
    assert.match(ics, /BEGIN:VCALENDAR/);
    assert.ok(ics.includes(`Survey Feed`) && ics.includes(`module-${m.Survey}@`), 'the task is in the feed');

    await page.reload();
    await page.getByTestId('calendar-feed').first().waitFor();
    assert.equal(await page.getByTestId('feed-url').count(), 0, 'the address is not shown again');
    await page.getByTestId('revoke-feed').first().click();
    await page.getByRole('dialog').getByRole('button', { name: /Revoke|Delete/ }).click();
    await page.getByTestId('calendar-feed').first().waitFor({ state: 'detached' });
    assert.equal((await fetch(url.replace(/^https?:\/\/[^/]+/, t.stack.url))).status, 404);
    assert.deepEqual(errors, []);
    await context.close();
  });
});

/** Save the screen's view under `name` through the Views menu; its address (from the menu's link). */
async function saveView(page, name) {
  await page.getByTestId('saved-views-toggle').click();
  await page.getByTestId('save-view').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: /Save|Create|Submit/ }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByTestId('saved-views-toggle').click();
  const href = await page.getByTestId('saved-view-link').filter({ hasText: name }).getAttribute('href');
  await page.getByTestId('saved-views-toggle').click();
  return href;
}

describe('saved views', () => {
  for (const [label, viewport] of WIDTHS) {
    test(`the tasks' table and board, saved by name and opened from their address (${label})`, async () => {
      const m = await newPhase(`Views ${label}`);
      const { page, context, errors } = await open(viewport, `/portal/${t.ids.portal}/tasks-all`);
      await page.getByTestId('task-row').first().waitFor();
      await page.getByTestId('tasks-status').selectOption('BLOCKED');
      await page.getByTestId('grouping').selectOption('status');
      await page.getByTestId('columns-picker').locator('summary').click();
      await page.getByTestId('column-owner').uncheck();
      await checkScreen(page, `saved views: columns (${label})`);
      await page.getByTestId('columns-picker').locator('summary').click();
      const href = await saveView(page, `Blocked ${label}`);
      assert.match(href, /\/tasks-all\?saved=\d+$/);

      await page.goto(`${t.stack.url}/portal/${t.ids.portal}/tasks-all`);
      await page.getByTestId('task-row').first().waitFor();
      assert.equal(await page.getByTestId('tasks-status').inputValue(), '');
      await page.goto(`${t.stack.url}${href}`);
      await page.locator('[data-testid=task-row]', { hasText: `Late Views ${label}` }).waitFor();
      assert.equal(await page.getByTestId('tasks-status').inputValue(), 'BLOCKED');
      assert.equal(await page.getByTestId('grouping').inputValue(), 'status');
      assert.equal(await page.getByRole('columnheader', { name: 'Owner' }).count(), 0, 'the owner column stays hidden');
      assert.match(await page.getByTestId('saved-views-toggle').innerText(), new RegExp(`Blocked ${label}`));
      await checkScreen(page, `saved views: a view opened from its address (${label})`);

      // The board, swimlanes by owner, saved and opened again.
      await page.getByTestId('layout-board').click();
      await card(page, m.Survey).waitFor();
      await page.getByTestId('board-lanes').selectOption('owner');
      await page.getByTestId('board-lane').first().waitFor();
      const board = await saveView(page, `By owner ${label}`);
      await page.goto(`${t.stack.url}/portal/${t.ids.portal}/tasks-all`);
      await page.getByTestId('task-row').first().waitFor();
      await page.goto(`${t.stack.url}${board}`);
      await page.getByTestId('board-lane').first().waitFor();
      assert.equal(await page.getByTestId('board-lanes').inputValue(), 'owner');
      await checkScreen(page, `saved views: a board opened from its address (${label})`);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});

describe('My work', () => {
  for (const [label, viewport] of WIDTHS) {
    test(`my tasks across portals by when they are due, and on the calendar (${label})`, async () => {
      const m = await newPhase(`Mine ${label}`);
      const { page, context, errors } = await open(viewport, '/');
      await page.getByTestId('home-tabs').getByRole('link', { name: 'My work' }).click();
      await page.getByTestId('my-work-group').first().waitFor();
      assert.deepEqual(await page.getByTestId('my-work-group').evaluateAll((els) => els.map((e) => e.dataset.group)),
        ['overdue', 'thisWeek', 'later', 'blocked']);
      const group = (name) => page.locator(`[data-testid=my-work-group][data-group=${name}]`);
      await group('blocked').locator(`[data-testid=my-work-row][data-id="${m.Late}"]`).waitFor();
      assert.equal(await group('later').locator(`[data-id="${m.Permit}"]`).count()
        + await group('thisWeek').locator(`[data-id="${m.Permit}"]`).count(), 1);
      await checkScreen(page, `my work (${label})`);
      await page.getByTestId('my-work-calendar-toggle').click();
      await page.getByTestId('calendar').waitFor();
      await page.locator(`[data-testid=calendar-day][data-date="${day(3)}"]`).first().waitFor();
      await checkScreen(page, `my work: calendar (${label})`);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});

/** Resolves, in the page, once `done()` holds and the frame after it has been painted: the milliseconds since `t0`. */
const PAINTED = `(done, t0) => new Promise((resolve) => {
  const check = () => (done() ? requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0), 0)) : requestAnimationFrame(check));
  check();
})`;

// A measurement, not a check: `make bench` runs it (BENCH_BROWSER=1), `make test` does not (a 500-task project
// made and drawn: the slowest browser test, kept out of the suite's 25 minutes).
describe('the board at scale', { skip: !process.env.BENCH_BROWSER }, () => {
  test(`${CARDS} cards: the first render and a drag, measured (figures for the record, not asserted)`, async () => {
    // A project of 500 tasks, each with a deliverable of one of the five statuses, in the stack's database.
    const r = spawnSync(path.join(ROOT, '.venv', 'bin', 'flask'),
      ['--app', 'api', 'bench-data', '--modules', String(CARDS + 2), '--members', '3', '--wide', String(CARDS)],
      { cwd: ROOT, env: t.stack.db.env, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const bench = JSON.parse(r.stdout.trim().split('\n').pop());
    const { page, context, errors } = await openPage(t.browser, t.stack.url, { timeout: 30000, viewport: WIDTHS[0][1] });
    await signIn(page, t.stack.url, bench.superuser, bench.password);
    await page.goto(`${t.stack.url}/portal/${bench.portal}/module/${bench.wide_project}/tasks`);
    await page.getByTestId('board-toggle').waitFor();
    await page.locator('[data-testid=tree-filter]').waitFor(); // the subtree has arrived: the board renders from it
    const render = await page.evaluate(`(${PAINTED})(() => document.querySelectorAll('[data-testid=board-card]').length >= ${CARDS}, (() => {
      const t0 = performance.now();
      document.querySelector('[data-testid=board-toggle]').click();
      return t0;
    })())`);
    assert.equal(await page.getByTestId('board-card').count(), CARDS);
    // A card of Not started dragged to In progress (the next column, in sight): the time from the drop to the card
    // painted in its new column (given up after 10 s, so that a drop gone astray fails instead of hanging).
    const moved = page.locator('[data-testid=board-column][data-status=NOT_STARTED] [data-testid=board-card][data-movable=true]').first();
    const id = await moved.getAttribute('data-id');
    await page.evaluate(() => window.addEventListener('pointerup', () => { window.dropAt = performance.now(); }, { capture: true, once: true }));
    const answered = page.evaluate(`Promise.race([(${PAINTED})(() => !!document.querySelector('[data-testid=board-column][data-status=IN_PROGRESS] [data-id="${id}"]'), 0),
      new Promise((resolve) => { setTimeout(() => resolve(NaN), 10000); })])`);
    await drag(page, moved, column(page, 'IN_PROGRESS'));
    const drop = (await answered) - await page.evaluate(() => window.dropAt);
    assert.ok(Number.isFinite(drop), 'the dropped card reached its column');
    const admin = await apiAs(t.stack.url, bench.superuser, bench.password);
    await until(async () => (await admin.get(`/api/deliverable/find/${id}`)).data.item.status.name === 'IN_PROGRESS', 'the dragged card saved');
    console.log(`# board, ${CARDS} cards: first render ${render.toFixed(0)} ms, a drop shown in its column ${drop.toFixed(0)} ms after the pointer was released`);
    assert.ok(render > 0 && drop >= 0);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
