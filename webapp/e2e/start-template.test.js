/* Templates where work starts (issue 40, point 6): 'Add Project' on the demo portal offers 'Start from template';
   a pick shows the template's dependency list and the form filled from it; the new project has the template's
   phases. At 1366 and 390 px, axe in each state of the dialog. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { PHONE, checkScreen } from './a11y.js';
import { openPage, shot, signIn } from './browser.js';
import { apiGet, apiSubmit, useDemo } from './vault-helpers.js';

const FLAGS = { children: 1, deliverables: 1, articles: 1, files: 1, references: 1, members: 0, customValues: 1, shiftDays: 0 };

// The demo's project template, and a task template made here on Lisbon's first task (with its two subtasks).
const t = useDemo(async (d) => {
  const get = async (id) => (await apiGet(d.stack, d.ids.token, `/api/module/view/${id}`)).item;
  const model = (await get(d.ids.portal)).children.find((c) => c.name === 'Renovation methodology template');
  d.phases = (await get(model.id)).children.map((p) => p.name);
  const phase = (await get(d.ids.lisbon)).children.find((c) => c.type === '4rineu_phase');
  const task = (await get(phase.id)).children[0];
  d.subtasks = (await get(task.id)).children.map((c) => c.name);
  await apiSubmit(d.stack, d.ids.token, `/api/clone-config/add/${task.id}`, { name: 'Survey task', ...FLAGS });
});

for (const [label, viewport] of [['1366', { width: 1366, height: 900 }], ['390', PHONE]]) {
  describe(`start from template at ${label} px`, () => {
    test("Add Project, 'Start from template', pick, create: the new project has the template's phases", async () => {
      const { page, context, errors } = await openPage(t.browser, t.stack.url, { timeout: 15000, viewport });
      await signIn(page, t.stack.url, 'sofia@demo.eu');
      await page.goto(`${t.stack.url}/portal/${t.ids.portal}`);
      await page.click('[data-testid=add-project]');
      const dialog = page.locator('.modal__dialog[aria-label="Add Project"]');
      await dialog.locator('[data-testid=dynamic-form] input[name=name]').waitFor();
      const toggle = dialog.locator('[data-testid=start-template-toggle]');
      await toggle.waitFor();
      assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
      assert.equal(await dialog.locator('[data-testid=template-list]').count(), 0);
      await checkScreen(page, `add project dialog (${label})`);

      await toggle.click();
      const offered = dialog.locator('[data-testid=template-list] li', { hasText: 'Renovation project template' });
      await offered.waitFor();
      assert.match(await offered.innerText(), /Renovation methodology template/); // the model it copies
      await checkScreen(page, `add project: the templates (${label})`);
      await shot(page, `start-template-list-${label}`);

      await offered.locator('[data-testid=use-template]').click();
      const form = dialog.locator('[data-testid=add-template-form]');
      await form.locator('input[name=name]').waitFor();
      assert.equal(await form.locator('textarea[name=description]').count(), 0); // the model's description is copied
      const deps = dialog.locator('[data-testid=start-template] [data-testid=dependency]');
      await deps.first().waitFor();
      const listed = await deps.allInnerTexts();
      for (const phase of t.phases) assert.ok(listed.some((x) => x.includes(phase)), `${phase} in ${listed}`);
      await checkScreen(page, `add project: from a template (${label})`);
      await shot(page, `start-template-form-${label}`);

      const name = `Porto demo case ${label}`;
      await form.locator('input[name=name]').fill(name);
      await form.locator('button[type=submit]').click();
      await page.getByTestId('toast').filter({ hasText: 'Data Transfer Successful' }).waitFor();
      const card = page.locator('[data-testid=project-card]', { hasText: name });
      await card.waitFor();
      await dialog.waitFor({ state: 'detached' }); // a toast: the dialog closes at once
      const id = /\/(\d+)$/.exec(await card.getAttribute('href'))[1];
      await page.goto(`${t.stack.url}/portal/${t.ids.portal}/projects/${id}/phases`);
      await page.locator('[data-testid=child-row]').first().waitFor();
      const rows = await page.locator('[data-testid=child-row] .childlist__name').allInnerTexts();
      assert.deepEqual(rows.map((r) => r.trim()), t.phases);
      await shot(page, `start-template-result-${label}`);
      assert.deepEqual(errors, []);
      await context.close();
    });

    test("'+ Add Task' in a project's task list starts from the task template: the new task has its subtasks", async () => {
      const { page, context, errors } = await openPage(t.browser, t.stack.url, { timeout: 15000, viewport });
      await signIn(page, t.stack.url, 'sofia@demo.eu');
      await page.goto(`${t.stack.url}/portal/${t.ids.portal}/projects/${t.ids.oslo}/tasks`);
      await page.click('[data-testid=add-task]');
      const dialog = page.locator('.modal__dialog[aria-label="Add Task"]');
      await dialog.locator('[data-testid=start-template-toggle]').click();
      const offered = dialog.locator('[data-testid=template-list] li', { hasText: 'Survey task' });
      await offered.locator('[data-testid=use-template]').click();
      const form = dialog.locator('[data-testid=add-template-form]');
      await form.locator('input[name=name]').waitFor();
      await dialog.locator('[data-testid=dependency-summary]').waitFor();
      await checkScreen(page, `add task: from a template (${label})`);
      const name = `Survey of Oslo ${label}`;
      await form.locator('input[name=name]').fill(name);
      await form.locator('button[type=submit]').click();
      const row = page.locator('[data-testid=child-row]', { hasText: name });
      await row.waitFor();
      // Its Items cell is the roll-up of the subtasks (each carries a status): done / all of them.
      assert.match((await row.locator('[data-label=Items] [data-testid=rollup]').getAttribute('title')), new RegExp(`^\\d+ of ${t.subtasks.length} done`));
      await dialog.waitFor({ state: 'detached' });
      await row.locator('.childlist__name').click();
      const overlay = page.locator('[data-testid=overlay], [data-testid=peek]'); // 390 px, 1,366 px
      for (const sub of t.subtasks) await overlay.locator('[data-testid=child-row]', { hasText: sub }).waitFor();
      assert.deepEqual(errors, []);
      await context.close();
    });
  });
}
