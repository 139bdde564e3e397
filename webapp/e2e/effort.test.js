/* Browser tests of issue 45, effort: time logged from a task's page, the timer started and stopped from the top
   bar, a week filled in the grid by keyboard and its month submitted, the month approved by an admin (its time then
   locked), and the project's person-month report with its chart. At 390×844 first, then 1366×800 (the desktop run
   approves the month last: time of an approved month cannot be logged again), axe on every state reached. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { checkScreen } from './a11y.js';
import { openPage, signIn, until } from './browser.js';
import { apiAs, submitForm } from './outbox.js';
import { useDemo } from './vault-helpers.js';

const WIDTHS = [['phone', { width: 390, height: 844 }], ['desktop', { width: 1366, height: 800 }]];

const t = useDemo(async (ctx) => {
  ctx.sofia = await apiAs(ctx.stack.url, 'sofia@demo.eu');
  ctx.admin = await apiAs(ctx.stack.url, 'admin@demo.eu');
});

const iso = (d) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** A project started two months ago with a work package (phase) holding a task: {project, wp, task}. */
async function newProject(name) {
  const { sofia, ids } = t;
  const add = (parent, type, n) => submitForm(sofia, `/api/module/add/${parent}/${type}`, { name: n, description: '' });
  const project = await add(ids.portal, '4rineu_project', name);
  const start = new Date();
  start.setMonth(start.getMonth() - 2, 1);
  await submitForm(sofia, `/api/deliverable/add/${project.id}`, { status: 'IN_PROGRESS', startDate: iso(start) });
  const wp = await add(project.id, '4rineu_phase', `WP1 ${name}`);
  const task = await add(wp.id, '4rineu_task', `Survey ${name}`);
  return { project: project.id, wp: wp.id, task: task.id };
}

const entries = async (moduleId) => (await t.sofia.get(`/api/time/list/${moduleId}`)).data;

async function open(viewport, path, who = 'sofia@demo.eu') {
  const { page, context, errors } = await openPage(t.browser, t.stack.url, { timeout: 15000, viewport });
  await signIn(page, t.stack.url, who);
  await page.goto(`${t.stack.url}${path}`);
  return { page, context, errors };
}

describe('effort', () => {
  for (const [label, viewport] of WIDTHS) {
    test(`log time, run the timer, fill the week, submit the month (${label})`, async () => {
      const m = await newProject(`Effort ${label}`);
      const { page, context, errors } = await open(viewport, `/portal/${t.ids.portal}/module/${m.task}`);

      // Log time from the task's page: the server's form, 1:30 of it.
      await page.getByTestId('log-time').click();
      const dialog = page.getByRole('dialog', { name: 'Log Time' });
      await dialog.getByLabel('Time spent').fill('1:30');
      await checkScreen(page, `effort: log time (${label})`);
      await dialog.getByRole('button', { name: 'Log', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await until(async () => (await entries(m.task)).totalMinutes === 90, 'the 1:30 logged');

      // The timer: started on the task, shown in the top bar, stopped: one more entry.
      await page.getByTestId('start-timer').click();
      await page.getByTestId('timer-chip').waitFor();
      await page.getByTestId('timer-chip').click();
      await page.getByTestId('timer-panel').waitFor();
      await checkScreen(page, `effort: the running timer (${label})`);
      await page.getByTestId('timer-stop').click();
      await page.getByTestId('timer-chip').waitFor({ state: 'detached' });
      await until(async () => (await entries(m.task)).meta.total === 2, 'the timer logged its entry');

      // The Time tab lists both.
      await page.goto(`${t.stack.url}/portal/${t.ids.portal}/module/${m.task}/time`);
      await page.getByTestId('entry-row').nth(1).waitFor();
      await checkScreen(page, `effort: the time tab (${label})`);

      // The week: the task's row is there (time logged this week); 2 hours typed into another day, Enter saves.
      await page.goto(`${t.stack.url}/portal/${t.ids.portal}/timesheet`);
      const row = page.locator(`[data-testid=ts-row][data-module="${m.task}"]`);
      await row.waitFor();
      const today = iso(new Date());
      const other = await row.locator('[data-testid=ts-cell]').evaluateAll((cells, d) => cells.map((c) => c.dataset.day).find((x) => x !== d), today);
      const input = row.locator(`[data-testid=ts-cell][data-day="${other}"] input`);
      await input.focus();
      await page.keyboard.type('2');
      await page.keyboard.press('Enter');
      await until(async () => (await entries(m.task)).list.some((e) => e.day === other && e.minutes === 120), 'the cell saved');
      await checkScreen(page, `effort: the week (${label})`);

      // The month of today: submitted on the desktop run (the phone run leaves it open: one month, one person).
      const month = today.slice(0, 7);
      const months = page.locator(`[data-testid=ts-month][data-month="${month}"]`);
      if (label === 'desktop') {
        const submit = months.getByTestId('ts-submit');
        await submit.click();
        await months.locator('[data-testid=ts-state][data-state=submitted]').waitFor();
        assert.equal(await submit.count(), 0, 'a submitted month is not submitted again');
        await checkScreen(page, `effort: a submitted month (${label})`);
      } else {
        await months.getByTestId('ts-submit').waitFor();
      }
      assert.deepEqual(errors, []);
      await context.close();

      if (label === 'desktop') {
        // An admin approves it; sofia's time of that month is then locked.
        const a = await open(viewport, `/portal/${t.ids.portal}/timesheet/approvals`, 'admin@demo.eu');
        const sheet = a.page.locator('[data-testid=ts-sheet]', { hasText: 'Sofia' }).filter({ hasText: /./ }).first();
        await sheet.waitFor();
        await checkScreen(a.page, 'effort: approvals');
        await sheet.getByTestId('ts-approve').click();
        // (The month's entries: the week's other day may fall in the next month, on the last days of one.)
        const ofMonth = async () => (await entries(m.task)).list.filter((e) => e.day.startsWith(month));
        await until(async () => (await ofMonth()).every((e) => e.locked), 'the month locked');
        const locked = (await ofMonth())[0];
        assert.equal((await t.sofia.del(locked.links.delete ? locked.links.delete.url : `/api/time/delete/${locked.id}`)).status, 423);
        assert.deepEqual(a.errors, []);
        await a.context.close();
      }
    });

    test(`the project's person-month report and its chart (${label})`, async () => {
      const m = await newProject(`Report ${label}`);
      // On the project's first day (this month's may be approved by the test above).
      const first = new Date();
      first.setMonth(first.getMonth() - 2, 1);
      await submitForm(t.sofia, `/api/time/add/${m.task}`, { duration: '7:10', day: iso(first) });
      const org = (await entries(m.task)).list[0].organisation;
      const plan = await t.sofia.put(`/api/time/plan/${m.project}`, { cells: [{ moduleId: m.wp, organisation: org, personMonths: 2 }] });
      assert.equal(plan.status, 200, JSON.stringify(plan.data));
      const { page, context, errors } = await open(viewport, `/portal/${t.ids.portal}/module/${m.project}/effort`);
      const cell = page.locator(`[data-testid=effort-cell][data-module="${m.wp}"]`).first();
      await cell.waitFor();
      assert.match(await cell.innerText(), /0\.05/); // 7:10 h of 143.33 h a person-month
      await page.getByTestId('effort-chart').waitFor();
      // The project's properties: its time spent against its plan (2 person-months of 143.33 h).
      assert.equal(await page.getByTestId('props-spent').locator('.strip__value').textContent(), '7.17 h of 286.66 h planned');
      await page.getByTestId('effort-plan').waitFor();
      await checkScreen(page, `effort: the report and the plan (${label})`);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});
