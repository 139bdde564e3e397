/* Browser tests of issue 42's planning (points 2 to 6): a chain Survey → Design → Report (Design and the milestone
   Report scheduled automatically) and Permit apart. The critical path is ringed and 'Critical only' keeps it;
   Report is a diamond; dragging Survey shows where Design and Report would go (ghost bars) before the drop, and the
   drop moves them and says so. A baseline saved before the drop shows under the bars and its slip table says how
   late each is; the plan leaves as MS Project XML. A relation is drawn from a bar's end to another bar, and its
   arrow, clicked, removes it. Portal settings → Planning takes holidays and refuses a bad line; a task repeats monthly through
   its properties, and stops. At 1366×800 and 390×844, axe on every state reached. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { checkScreen } from './a11y.js';
import { openPage, signIn } from './browser.js';
import { apiGet, apiSubmit, apiToken, useDemo } from './vault-helpers.js';

const WIDTHS = [['desktop', { width: 1366, height: 800 }], ['phone', { width: 390, height: 844 }]];

const t = useDemo(async ({ stack, ids }) => { ids.sofia = await apiToken(stack, 'sofia@demo.eu'); });

/** A project of four tasks with dates and the relations Survey → Design → Report, made as sofia through the forms. */
async function newPlan(name) {
  const { stack, ids } = t;
  const add = (parent, type, n) => apiSubmit(stack, ids.sofia, `/api/module/add/${parent}/${type}`, { name: n, description: '' });
  const project = await add(ids.portal, '4rineu_project', name);
  const phase = await add(project.id, '4rineu_phase', 'Phase 0');
  const m = {};
  for (const n of ['Survey', 'Design', 'Report', 'Permit']) m[n] = (await add(phase.id, '4rineu_task', n)).id;
  const dates = [['Survey', '2027-03-01', '2027-03-12', 0, 0], ['Design', '2027-03-15', '2027-03-26', 1, 0],
    ['Report', '2027-04-09', '2027-04-09', 1, 1], ['Permit', '2027-03-01', '2027-03-03', 0, 0]];
  for (const [n, startDate, deadline, autoScheduled, milestone] of dates) {
    await apiSubmit(stack, ids.sofia, `/api/deliverable/add/${m[n]}`, { status: 'NOT_STARTED', startDate, deadline, autoScheduled, milestone });
  }
  await apiSubmit(stack, ids.sofia, `/api/relation/add/${m.Design}`, { other: m.Survey, kind: 'FS_IN', lag: 0 });
  await apiSubmit(stack, ids.sofia, `/api/relation/add/${m.Report}`, { other: m.Design, kind: 'FS_IN', lag: 0 });
  return { project: project.id, ...m };
}

const dates = async (id) => {
  const d = (await apiGet(t.stack, t.ids.sofia, `/api/deliverable/find/${id}`)).item;
  return [d.startDate, d.deadline];
};

async function openGantt(plan, viewport) {
  const { page, context, errors } = await openPage(t.browser, t.stack.url, { timeout: 15000, viewport });
  await signIn(page, t.stack.url, 'sofia@demo.eu');
  await page.goto(`${t.stack.url}/portal/${t.ids.portal}/module/${plan.project}/gantt-chart`);
  await page.locator('[data-testid=gantt-row]', { hasText: 'Permit' }).waitFor();
  return { page, context, errors };
}

const bar = (page, name) => page.locator('[data-testid=gantt-row]', { hasText: name }).locator('[data-testid=gantt-bar]');

describe('scheduling on the Gantt', () => {
  for (const [label, viewport] of WIDTHS) {
    test(`the critical path, a milestone, and a drag that shows what follows before it moves it (${label})`, async () => {
      const plan = await newPlan(`Schedule ${label}`);
      assert.deepEqual(await dates(plan.Report), ['2027-03-29', '2027-03-29'], 'the relation moved the milestone after Design');
      const { page, context, errors } = await openGantt(plan, viewport);

      // Critical: the chain, not Permit; Report a diamond; the float in the bar's name.
      for (const [n, critical] of [['Survey', 'true'], ['Design', 'true'], ['Report', 'true'], ['Permit', null]]) {
        assert.equal(await bar(page, n).getAttribute('data-critical'), critical, n);
      }
      assert.equal(await bar(page, 'Report').getAttribute('data-milestone'), 'true');
      assert.match(await bar(page, 'Report').getAttribute('aria-label'), /^Report: milestone on 29th Mar 2027/);
      assert.match(await bar(page, 'Permit').getAttribute('aria-label'), /may slip 18 working days$/);
      await page.getByTestId('gantt-critical').click();
      await page.locator('[data-testid=gantt-row]', { hasText: 'Permit' }).waitFor({ state: 'detached' });
      assert.equal(await page.getByTestId('gantt-critical').getAttribute('aria-pressed'), 'true');
      await checkScreen(page, `planning: critical only (${label})`);
      await page.getByTestId('gantt-critical').click();
      await page.locator('[data-testid=gantt-row]', { hasText: 'Permit' }).waitFor();

      // A baseline of the plan as it is, before the drop ('Save baseline': the server's form).
      await page.getByTestId('save-baseline').click();
      const saveDialog = page.getByRole('dialog', { name: 'Save Baseline' });
      await saveDialog.getByLabel('Name').fill('Grant agreement');
      await checkScreen(page, `planning: save a baseline (${label})`);
      await saveDialog.getByRole('button', { name: 'Save' }).click();
      await saveDialog.waitFor({ state: 'detached' });
      await page.locator('[data-testid=gantt-baseline]').first().waitFor();
      assert.equal(await page.getByTestId('baseline-pick').locator('option:checked').innerText(), 'Grant agreement');

      // Drag Survey later: ghosts for Design and Report before the drop, then they move.
      await bar(page, 'Survey').scrollIntoViewIfNeeded();
      const box = await bar(page, 'Survey').boundingBox();
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 + 30, box.y + box.height / 2, { steps: 5 });
      await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2, { steps: 5 });
      const ghosts = page.locator('[data-testid=gantt-ghost]');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=gantt-ghost]').length === 2);
      const ghostRows = await ghosts.evaluateAll((gs) => gs.map((g) => g.closest('[data-testid=gantt-row]').textContent));
      assert.deepEqual(ghostRows.map((x) => x.trim()).sort(), ['Design', 'Report']);
      assert.deepEqual(await dates(plan.Design), ['2027-03-15', '2027-03-26'], 'nothing saved while dragging');
      await checkScreen(page, `planning: a drag shows what follows (${label})`);
      await page.mouse.up();
      await page.getByTestId('toast').filter({ hasText: '2 items that follow moved too' }).waitFor();
      await ghosts.first().waitFor({ state: 'detached' });
      const [survey, design, report] = [await dates(plan.Survey), await dates(plan.Design), await dates(plan.Report)];
      assert.ok(survey[1] > '2027-03-12', `Survey moved later (${survey})`);
      assert.ok(design[0] > survey[1] && report[0] > design[1], `what follows moved after it (${design}, ${report})`);
      const feed = (await apiGet(t.stack, t.ids.sofia, `/api/feed/list/${plan.Design}`)).list;
      assert.equal(feed[0].description, "Moved because 'Survey' changed");

      // The slip table against the baseline: Survey, Design and Report late by the same working days.
      await page.getByTestId('slips-toggle').click();
      const slipRows = page.locator('[data-testid=slip-row]');
      await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=slip-row]')].some((r) => Number(r.dataset.slip) > 0));
      const slips = await slipRows.evaluateAll((rs) => rs.map((r) => [r.cells[0].textContent, r.dataset.slip]));
      const late = slips.filter(([, n]) => Number(n) > 0).map(([n]) => n).sort();
      assert.deepEqual(late, ['Design', 'Report', 'Survey']);
      await checkScreen(page, `planning: the slip table (${label})`);

      // The plan as MS Project XML, the baseline in it.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-mspdi').click()]);
      assert.match(download.suggestedFilename(), /^Schedule-(desktop|phone)\.xml$/);
      const xml = (await import('node:fs')).readFileSync(await download.path(), 'utf8');
      assert.match(xml, /<Project xmlns="http:\/\/schemas.microsoft.com\/project">/);
      assert.match(xml, /<Name>Survey<\/Name>/);
      assert.match(xml, /<Baseline><Number>0<\/Number>/);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  for (const [label, viewport] of WIDTHS) {
    test(`portal settings → Planning takes holidays and refuses a bad line (${label})`, async () => {
      const { page, context, errors } = await openPage(t.browser, t.stack.url, { timeout: 15000, viewport });
      await signIn(page, t.stack.url, 'sofia@demo.eu');
      await page.goto(`${t.stack.url}/portal/${t.ids.portal}/settings/planning`);
      const form = page.getByTestId('planning-settings-form');
      await form.getByLabel('Holidays').waitFor();
      await form.getByLabel('Holidays').fill('2027-12-25 Christmas\n25/12/2027 Boxing Day');
      await form.getByRole('button', { name: 'Save planning settings' }).click();
      await form.getByText("Line 2: write a date as YYYY-MM-DD, then the holiday's name").waitFor();
      await checkScreen(page, `planning: settings refused (${label})`);
      await form.getByLabel('Holidays').fill('2027-12-25 Christmas\n2027-12-26 Boxing Day');
      await form.getByLabel(/project months/).check();
      await form.getByRole('button', { name: 'Save planning settings' }).click();
      await page.getByTestId('planning-settings-saved').waitFor();
      const saved = await apiGet(t.stack, t.ids.sofia, `/api/planning/settings/${t.ids.portal}`);
      const value = (name) => saved.elements.find((e) => e.name === name).value;
      assert.equal(value('holidays'), '2027-12-25 Christmas\n2027-12-26 Boxing Day');
      assert.ok([true, 1, '1', 'true'].includes(value('projectMonths')));
      await checkScreen(page, `planning: settings saved (${label})`);
      // Put them back as they were for the other tests (no holidays, no project months).
      await apiSubmit(t.stack, t.ids.sofia, `/api/planning/settings/${t.ids.portal}`, { holidays: '', projectMonths: 0 }, 'PUT');
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  for (const [label, viewport] of WIDTHS) {
    test(`a task repeats monthly through its properties, and stops (${label})`, async () => {
      const plan = await newPlan(`Repeat ${label}`);
      const { page, context, errors } = await openPage(t.browser, t.stack.url, { timeout: 15000, viewport });
      await signIn(page, t.stack.url, 'sofia@demo.eu');
      await page.goto(`${t.stack.url}/portal/${t.ids.portal}/module/${plan.Permit}`);
      await page.locator('[data-testid=module-view]').waitFor();
      const details = page.locator('[data-testid=properties] details');
      if (!(await details.evaluate((d) => d.open))) await page.getByTestId('props-toggle').click();
      const section = page.getByTestId('repeat-section');
      await section.getByTestId('repeat-rule').filter({ hasText: 'Never' }).waitFor();
      await section.getByTestId('repeat-edit').click();
      const dialog = page.getByRole('dialog', { name: 'Repeat' });
      await dialog.getByLabel('Repeats').selectOption('MONTH');
      await dialog.getByLabel('On day').fill('31');
      await checkScreen(page, `planning: the repeat form (${label})`);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
      await section.getByTestId('repeat-rule').filter({ hasText: 'Every month on day 31' }).waitFor();
      await section.getByTestId('repeat-stop').click();
      const confirm = page.getByRole('dialog', { name: 'Stop Repeating' });
      await checkScreen(page, `planning: stop repeating asks first (${label})`);
      await confirm.getByRole('button', { name: 'Stop' }).click();
      await section.getByTestId('repeat-rule').filter({ hasText: 'Never' }).waitFor();
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  for (const [label, viewport] of WIDTHS) {
    test(`a relation drawn from a bar's end to another bar, then its arrow clicked and removed (${label})`, async () => {
      const plan = await newPlan(`Draw ${label}`);
      const { page, context, errors } = await openGantt(plan, viewport);
      const arrows = page.locator('[data-testid=gantt-links] [data-testid=gantt-link]');
      await arrows.first().waitFor({ state: 'attached' });
      assert.equal(await arrows.count(), 2);
      // From Permit's link handle to Report's row (dropped on its name: the row is the target, wherever it is hit).
      const handle = page.locator('[data-testid=gantt-row]', { hasText: 'Permit' }).getByTestId('gantt-linker');
      await bar(page, 'Permit').scrollIntoViewIfNeeded();
      await bar(page, 'Permit').hover();
      const from = await handle.boundingBox();
      const to = await page.locator('[data-testid=gantt-row]', { hasText: 'Report' }).locator('.gantt__label').boundingBox();
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
      await page.getByTestId('gantt-linking').waitFor();
      await checkScreen(page, `planning: drawing a relation (${label})`);
      await page.mouse.up();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=gantt-links] [data-testid=gantt-link]').length === 3);
      const listed = (await apiGet(t.stack, t.ids.sofia, `/api/relation/list/${plan.Report}`)).list;
      const drawn = listed.find((r) => r.other.name === 'Permit');
      assert.deepEqual([drawn.words, drawn.kind, drawn.lag], ['follows', 'FS', 0]);

      // Its arrow, clicked: the relation read from Report's side, removed after the confirmation.
      await page.locator(`[data-testid=gantt-link-hit][data-id="${drawn.id}"]`).dispatchEvent('click');
      const dialog = page.getByRole('dialog', { name: 'Relation', exact: true });
      await dialog.getByTestId('relation').filter({ hasText: 'Follows Permit' }).waitFor();
      assert.equal(await dialog.getByTestId('relation').count(), 1);
      await checkScreen(page, `planning: a clicked arrow (${label})`);
      await dialog.getByRole('button', { name: 'Remove the relation with Permit' }).click();
      await page.getByRole('dialog', { name: 'Remove Relation' }).getByRole('button', { name: 'Remove', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=gantt-links] [data-testid=gantt-link]').length === 2);
      assert.equal((await apiGet(t.stack, t.ids.sofia, `/api/relation/list/${plan.Report}`)).list.length, 1);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});
