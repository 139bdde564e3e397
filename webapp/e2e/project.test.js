/* Browser tests of issue 40, point 1: one project screen. Both spec routes ({base}/{portalId}/{projectId} and
   /portal/{id}/projects/{pid}) show the same screen, the branded page as its Overview tab; Edit Project edits in a
   side panel; /v2's Edit Project address opens that screen with the panel open; /v2's breadcrumb says names.
   At 1366×800 and 390×844, axe on every state reached. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { checkScreen } from './a11y.js';
import { openPage, signIn } from './browser.js';
import { apiGet, useDemo } from './vault-helpers.js';

const WIDTHS = [['desktop', { width: 1366, height: 800 }], ['phone', { width: 390, height: 844 }]];

const t = useDemo(async ({ stack, ids }) => {
  ids.article = (await apiGet(stack, ids.token, `/api/article/list/${ids.lisbon}`)).list[0];
});

async function open(email, path, viewport) {
  const { page, context, errors } = await openPage(t.browser, t.stack.url, { timeout: 15000, viewport });
  await signIn(page, t.stack.url, email);
  await page.goto(`${t.stack.url}${path}`);
  await page.locator('[data-testid=module-view]').waitFor();
  return { page, context, errors };
}

/** What the screen shows: its tabs, the open one, the breadcrumb, the buttons and the Overview's sections. */
async function screenOf(page) {
  await page.locator('[data-testid=project-section]').first().waitFor();
  return {
    tabs: await page.locator('[data-testid=tabs] a').allInnerTexts(),
    open: await page.locator('[data-testid=tabs] .tabs__tab--on').innerText(),
    crumbs: (await page.locator('[data-testid=breadcrumb]').innerText()).replace(/\s*\/\s*/g, ' / '),
    buttons: await page.locator('[data-testid=module-header] .project__buttons > *').allInnerTexts(),
    sections: await page.locator('[data-testid=project-section] h2').allInnerTexts(),
  };
}

for (const [size, viewport] of WIDTHS) {
  describe(`one project screen at ${size} width`, () => {
    test('both routes show the same screen, the project page as its Overview tab', async () => {
      const p = `/portal/${t.ids.portal}`;
      const { page, context, errors } = await open('sofia@demo.eu', `${p}/${t.ids.lisbon}`, viewport);
      const page1 = await screenOf(page);
      assert.equal(page1.tabs[0], 'Overview');
      assert.equal(page1.open, 'Overview');
      assert.ok(page1.tabs.includes('Phases') && page1.tabs.includes('Gantt Chart'), page1.tabs.join());
      assert.equal(page1.crumbs, 'Home / 4RinEU Consortium / Lisbon demo case – social housing block');
      assert.deepEqual(page1.buttons, ['Clone', 'Edit Project']);
      assert.ok(page1.sections.length > 0);
      await checkScreen(page, `project screen overview (${size})`);
      await page.goto(`${t.stack.url}${p}/projects/${t.ids.lisbon}`);
      assert.deepEqual(await screenOf(page), page1);

      // the anchor menu (wide screens) scrolls to a section; on a phone it is hidden and the sections follow
      const last = page.locator('[data-testid=project-section]').last();
      if (size === 'desktop') {
        await page.locator('nav.anchors a').last().click();
        await page.waitForFunction(() => {
          const all = document.querySelectorAll('[data-testid=project-section]');
          const r = all[all.length - 1].getBoundingClientRect();
          return r.top < window.innerHeight && r.bottom > 0;
        });
      } else {
        assert.equal(await page.locator('nav.anchors').isVisible(), false);
        await last.scrollIntoViewIfNeeded();
      }

      // another tab, then back to the Overview; a section's item opens over it and closing comes back to it
      await page.locator('[data-testid=tabs]').getByRole('link', { name: 'Phases' }).click();
      await page.locator('[data-testid=child-list]').waitFor();
      await page.locator('[data-testid=tabs]').getByRole('link', { name: 'Overview' }).click();
      await page.locator('[data-testid=project-section]').first().waitFor();
      const overview = `${t.stack.url}${p}/projects/${t.ids.lisbon}`;
      assert.equal(page.url(), overview);
      await page.locator('[data-testid=section-item]').first().click();
      // beside the Overview from 1,200 px (the side peek), over it on a phone; Escape goes up to the phase
      const frame = size === 'desktop' ? '[data-testid=peek]' : '[data-testid=overlay]';
      await page.locator(frame).last().locator('[data-testid=module-header]').waitFor();
      if (size === 'desktop') assert.ok(await page.locator('[data-testid=project-section]').first().isVisible());
      await checkScreen(page, `project screen, a task open from the Overview (${size})`);
      await page.keyboard.press('Escape');
      await page.waitForURL(/\/phases\/\d+\/tasks$/);
      await page.locator(`${frame} [data-testid=module-header]`).last().waitFor();
      await page.locator('[data-testid=overlay-close], [data-testid=peek-close]').last().click();
      await page.waitForURL(overview);
      await page.locator('[data-testid=project-section]').first().waitFor();

      // the project's article on the spec's nested route, with a back link to the screen
      await page.goto(`${t.stack.url}${p}/${t.ids.lisbon}/doc/${t.ids.lisbon}/${t.ids.article.id}`);
      await page.locator('[data-testid=article-doc]').waitFor();
      await page.getByRole('dialog', { name: t.ids.article.title }).waitFor();
      await checkScreen(page, `project screen document (${size})`);
      await page.click('[data-testid=doc-back]');
      await page.waitForURL((u) => u.pathname === `${p}/${t.ids.lisbon}`);
      assert.deepEqual(errors, []);
      await context.close();
    });

    test('Edit Project edits in a side panel beside the screen; /v2 opens it so, with names', async () => {
      const p = `/portal/${t.ids.portal}`;
      const { page, context } = await open('sofia@demo.eu', `${p}/projects/${t.ids.madrid}`, viewport);
      const name = (await page.locator('[data-testid=module-name]').innerText()).trim();
      const before = page.url();
      const edit = page.locator('[data-testid=edit-project]');
      assert.equal(await edit.getAttribute('href'), `/v2/4rineu/${t.ids.portal}/${t.ids.madrid}`);
      await edit.click();
      const panel = page.getByRole('dialog', { name: 'Edit Project' });
      await panel.locator('input[name=name]').waitFor();
      assert.equal(page.url(), before);
      assert.equal(await panel.getAttribute('aria-modal'), 'false');
      assert.equal(await page.evaluate(() => document.activeElement.name), 'name'); // the focus went into the panel
      await checkScreen(page, `project screen edit panel (${size})`);
      // Escape closes it (nothing changed) and gives the focus back to Edit Project
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });
      assert.equal(await page.evaluate(() => document.activeElement.dataset.testid), 'edit-project');
      await edit.click();
      const renamed = `${name} (${size})`;
      await panel.locator('input[name=name]').fill(renamed);
      await panel.getByRole('button', { name: 'Save' }).click();
      await panel.waitFor({ state: 'detached' });
      await page.locator('[data-testid=module-name]', { hasText: renamed }).waitFor();
      await page.locator('[data-testid=breadcrumb] [aria-current=page]', { hasText: renamed }).waitFor();
      if (size === 'desktop') await page.locator('aside.tree', { hasText: renamed }).waitFor(); // the Work tree at once

      // Edit Project's spec address: the same screen, panel open
      await page.goto(`${t.stack.url}/v2/4rineu/${t.ids.portal}/${t.ids.madrid}`);
      await page.waitForURL((u) => u.pathname === `${p}/${t.ids.madrid}`);
      await page.getByRole('dialog', { name: 'Edit Project' }).locator('input[name=name]').waitFor();
      assert.equal(await page.locator('[data-testid=tabs] .tabs__tab--on').innerText(), 'Overview');

      await context.close();
    });

    test('browsing /v2 names the ids of its address', async () => {
      const { page, context, errors } = await openPage(t.browser, t.stack.url, { timeout: 15000, viewport });
      await signIn(page, t.stack.url, 'admin@demo.eu'); // the platforms' roots are the superuser's
      await page.goto(`${t.stack.url}/v2`);
      await page.click('[data-testid=v2-table] >> text=4RinEU Renovation Platform');
      await page.waitForURL(/\/v2\/4rineu\/\d+$/);
      await page.locator('[data-testid=module-header]').waitFor();
      await page.getByRole('link', { name: '4RinEU Consortium' }).first().click();
      await page.waitForURL(/\/v2\/4rineu\/\d+\/\d+$/);
      await page.locator('[data-testid=breadcrumb]', { hasText: /Platforms\s*\/\s*4RinEU Renovation Platform\s*\/\s*4RinEU Consortium/ }).waitFor();
      await checkScreen(page, `v2 breadcrumb (${size})`);
      assert.deepEqual(errors, []);
      await context.close();
    });
  });
}
