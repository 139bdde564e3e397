/* Browser tests of issue 42's relations (point 1, and the Relations panel of point 7 by keyboard): a task's
   properties list its relations read from its side, with a link to the other module; 'Add relation' relates it to
   another task of the project through the server's form, the other task reads it the other way round, an edit
   changes its kind and lag, a second relation of the same pair is refused with the server's message, and a
   removal asks first. At 1366×800 and 390×844, axe on every state reached (dialogs open). */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { checkScreen } from './a11y.js';
import { openPage, signIn } from './browser.js';
import { apiGet, apiSubmit, apiToken, useDemo } from './vault-helpers.js';

const WIDTHS = [['desktop', { width: 1366, height: 800 }], ['phone', { width: 390, height: 844 }]];

const t = useDemo(async ({ stack, ids }) => { ids.sofia = await apiToken(stack, 'sofia@demo.eu'); });

/** A project with a phase of two tasks with dates, made as sofia through the forms: {project, survey, design}. */
async function newPlan(name) {
  const { stack, ids } = t;
  const project = await apiSubmit(stack, ids.sofia, `/api/module/add/${ids.portal}/4rineu_project`, { name, description: 'Relations.' });
  const phase = await apiSubmit(stack, ids.sofia, `/api/module/add/${project.id}/4rineu_phase`, { name: 'Phase 0', description: '' });
  const survey = await apiSubmit(stack, ids.sofia, `/api/module/add/${phase.id}/4rineu_task`, { name: 'Survey', description: '' });
  const design = await apiSubmit(stack, ids.sofia, `/api/module/add/${phase.id}/4rineu_task`, { name: 'Design', description: '' });
  for (const [id, startDate, deadline] of [[survey.id, '2027-03-01', '2027-03-12'], [design.id, '2027-03-15', '2027-03-26']]) {
    await apiSubmit(stack, ids.sofia, `/api/deliverable/add/${id}`, { status: 'NOT_STARTED', startDate, deadline });
  }
  return { project: project.id, survey: survey.id, design: design.id };
}

async function openTask(id, viewport) {
  const { page, context, errors } = await openPage(t.browser, t.stack.url, { timeout: 15000, viewport });
  await signIn(page, t.stack.url, 'sofia@demo.eu');
  await page.goto(`${t.stack.url}/portal/${t.ids.portal}/module/${id}`);
  await page.locator('[data-testid=module-view]').waitFor();
  const details = page.locator('[data-testid=properties] details');
  if (!(await details.evaluate((d) => d.open))) await page.getByTestId('props-toggle').click();
  await page.getByTestId('relations-section').waitFor();
  return { page, context, errors };
}

const rows = (page) => page.locator('[data-testid=relations-section] [data-testid=relation]');

describe('relations in a module\'s properties', () => {
  for (const [label, viewport] of WIDTHS) {
    test(`add, read from both ends, edit, refuse a second, remove (${label})`, async () => {
      const plan = await newPlan(`Relations ${label}`);
      const { page, context, errors } = await openTask(plan.design, viewport);
      const section = page.getByTestId('relations-section');
      await section.getByTestId('relations-empty').waitFor();
      await checkScreen(page, `relations: none yet (${label})`);

      // Add by keyboard: the button, then the server's form (the module, the kind, the lag).
      await section.getByTestId('add-relation').focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Add Relation' });
      await dialog.getByLabel('Module').waitFor();
      await dialog.getByLabel('Module').selectOption({ label: 'Phase 0 › Survey' });
      assert.equal(await dialog.getByLabel('Relation').inputValue(), 'FS_IN', 'follows is the first guess');
      await dialog.getByLabel('Lag (working days)').fill('2');
      await checkScreen(page, `relations: add dialog (${label})`);
      await dialog.getByLabel('Lag (working days)').press('Enter');
      await dialog.waitFor({ state: 'detached' });
      await rows(page).first().waitFor();
      assert.equal((await rows(page).first().innerText()).replace(/\s+/g, ' ').trim(), 'Follows Survey (+2 working days)');
      const api = (await apiGet(t.stack, t.ids.sofia, `/api/relation/list/${plan.survey}`)).list;
      assert.deepEqual(api.map((r) => [r.words, r.other.name, r.lag]), [['precedes', 'Design', 2]]);

      // A second relation of the same pair: the server's message in the dialog, nothing added.
      await section.getByTestId('add-relation').click();
      await dialog.getByLabel('Module').selectOption({ label: 'Phase 0 › Survey' });
      await dialog.getByLabel('Relation').selectOption('BLOCKS');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.getByText(/These two modules are already related/).waitFor();
      await checkScreen(page, `relations: refused (${label})`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      const prompt = dialog.getByTestId('discard-prompt');
      await Promise.race([dialog.waitFor({ state: 'detached' }), prompt.waitFor()]);
      if (await prompt.count()) await prompt.getByRole('button', { name: 'Discard' }).click(); // what was typed goes
      await dialog.waitFor({ state: 'detached' });
      assert.equal(await rows(page).count(), 1);

      // Edit: another kind, no lag.
      await rows(page).first().getByRole('button', { name: 'Edit the relation with Survey' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Relation' });
      await edit.getByLabel('Relation').selectOption('BLOCKS_IN');
      await edit.getByLabel('Lag (working days)').fill('0');
      await edit.getByRole('button', { name: 'Save' }).click();
      await edit.waitFor({ state: 'detached' });
      await page.waitForFunction(() => {
        const row = document.querySelector('[data-testid=relations-section] [data-testid=relation]');
        return row && row.dataset.side === 'BLOCKS_IN';
      });
      assert.equal((await rows(page).first().innerText()).replace(/\s+/g, ' ').trim(), 'Is blocked by Survey');

      // The other end reads it the other way round, through the row's link. A click event on the link itself: the
      // save's toast may sit over the row (bottom right), and a focus put on it by hand may be taken back by the
      // closed dialog, which returns focus to its opener.
      const toSurvey = rows(page).first().getByRole('link', { name: 'Survey' });
      assert.equal(await toSurvey.getAttribute('href'), `/portal/${t.ids.portal}/module/${plan.survey}`);
      await toSurvey.dispatchEvent('click');
      // The module page then puts its first tab in the address (replaceState): accept either.
      await page.waitForFunction((id) => new RegExp(`/module/${id}(/[a-z-]+)?$`).test(window.location.pathname), plan.survey);
      const other = page.locator('[data-testid=relations-section] [data-testid=relation]');
      await page.locator('[data-testid=properties] details').waitFor({ state: 'attached' });
      if (!(await page.locator('[data-testid=properties] details').evaluate((d) => d.open))) await page.getByTestId('props-toggle').click();
      await other.first().waitFor();
      assert.equal((await other.first().innerText()).replace(/\s+/g, ' ').trim(), 'Blocks Design');

      // Remove, after the confirmation.
      await other.first().getByRole('button', { name: 'Remove the relation with Design' }).click();
      const confirm = page.getByRole('dialog', { name: 'Remove Relation' });
      await confirm.getByText('Blocks Design').waitFor();
      await checkScreen(page, `relations: remove asks first (${label})`);
      await confirm.getByRole('button', { name: 'Remove' }).click();
      await page.getByTestId('relations-empty').waitFor();
      assert.deepEqual((await apiGet(t.stack, t.ids.sofia, `/api/relation/list/${plan.design}`)).list, []);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  for (const [label, viewport] of WIDTHS) {
    test(`the Gantt draws a relation as an arrow into its successor's bar (${label})`, async () => {
      const plan = await newPlan(`Arrows ${label}`);
      await apiSubmit(t.stack, t.ids.sofia, `/api/relation/add/${plan.design}`, { other: plan.survey, kind: 'FS_IN', lag: 0 });
      const { page, context, errors } = await openPage(t.browser, t.stack.url, { timeout: 15000, viewport });
      await signIn(page, t.stack.url, 'sofia@demo.eu');
      await page.goto(`${t.stack.url}/portal/${t.ids.portal}/module/${plan.project}/gantt-chart`);
      const arrow = page.locator('[data-testid=gantt-links] [data-testid=gantt-link]');
      await arrow.first().waitFor({ state: 'attached' });
      assert.equal(await arrow.count(), 1);
      assert.equal(await arrow.first().getAttribute('data-kind'), 'FS');
      // It leaves the end of Survey's bar and its head sits where Design's bar begins.
      const bars = page.locator('[data-testid=gantt-row]');
      const barOf = async (name) => bars.filter({ hasText: name }).locator('[data-testid=gantt-bar]').boundingBox();
      const [survey, design] = [await barOf('Survey'), await barOf('Design')];
      const head = await page.locator('.gantt__arrowhead--start').boundingBox();
      assert.ok(Math.abs(head.x + head.width - design.x) <= 2, `the head ends on Design's start (${head.x + head.width} vs ${design.x})`);
      assert.ok(head.y > survey.y + survey.height / 2, 'it points down to the later row');
      await checkScreen(page, `relations: an arrow on the Gantt (${label})`);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});
