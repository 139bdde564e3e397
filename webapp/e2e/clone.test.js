/* Browser tests of cloning and templates, in Debian's Chromium against the seeded API. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { PHONE, checkScreen } from './a11y.js';
import { openPage, shot, signIn, useStack } from './browser.js';
import { apiGet, demoIds } from './vault-helpers.js';

let stack;
let browser;
let ids;

useStack(async (s, b) => {
  stack = s;
  browser = b;
  ids = await demoIds(stack);
  const view = (await apiGet(stack, ids.token, `/api/module/view/${ids.portal}`)).item;
  ids.methodology = view.children.find((c) => c.name.startsWith('Renovation methodology')).id;
});

async function open(email, path, viewport = undefined) {
  const { page, context } = await openPage(browser, stack.url, { timeout: 15000, viewport });
  await signIn(page, stack.url, email);
  await page.goto(`${stack.url}${path}`);
  return { page, context };
}

const newId = (page) => Number(/\/projects\/(\d+)/.exec(new URL(page.url()).pathname)[1]);

describe('cloning', () => {
  test('clone the Lisbon project with its subtree, land on the copy, see its phases and files', async () => {
    const { page, context } = await open('admin@demo.eu', `/portal/${ids.portal}/projects/${ids.lisbon}/clone`);
    const dialog = page.locator('.modal__dialog[aria-label^="Clone Lisbon"]');
    await dialog.waitFor();
    assert.match(await dialog.locator('.modal__title').innerText(), /^Clone Lisbon demo case/);
    await dialog.locator('[data-testid=clone-from-template]').waitFor();
    await dialog.locator('[data-testid=clone-close]').waitFor();
    const form = dialog.locator('[data-testid=clone-form]');
    await form.locator('input[name=name]').waitFor();
    assert.match(await form.locator('input[name=name]').inputValue(), /\(copy\)$/);
    await form.locator('input[name=name]').fill('Lisbon v2');
    await form.locator('input[name=shiftDays]').fill('30');
    await shot(page, 'clone-dialog');
    await form.locator('button[type=submit]').click();
    await page.waitForURL((u) => /\/projects\/\d+/.test(u.pathname) && !u.pathname.includes(`/projects/${ids.lisbon}`));
    const copy = newId(page);
    assert.notEqual(copy, ids.lisbon);
    await page.locator('[data-testid=module-name] >> text=Lisbon v2').waitFor();
    await page.goto(`${stack.url}/portal/${ids.portal}/projects/${copy}/phases`);
    await page.locator('[data-testid=child-row]').first().waitFor();
    assert.equal(await page.locator('[data-testid=child-row]').count(), 5);
    await shot(page, 'clone-copy-phases');
    await page.goto(`${stack.url}/portal/${ids.portal}/projects/${copy}/files`);
    await page.locator('[data-testid=file-row]').first().waitFor();
    assert.equal(await page.locator('[data-testid=file-row]').count(), 3);
    await shot(page, 'clone-copy-files');
    await context.close();
  });

  test('create a template in settings, manage its dependencies, clone from it', async () => {
    const { page, context } = await open('sofia@demo.eu', `/portal/${ids.portal}/settings/templates`);
    const table = page.locator('[data-testid=templates-table]');
    await table.locator('[data-testid=template-row] >> text=Renovation project template').waitFor();
    await page.selectOption('[data-testid=template-source]', String(ids.methodology));
    await page.click('[data-testid=add-template]');
    const tform = page.locator('[data-testid=template-form]');
    await tform.locator('input[name=name]').fill('Four phases');
    await tform.locator('textarea[name=description]').fill('Without commissioning');
    await tform.locator('button[type=submit]').click();
    const row = table.locator('[data-testid=template-row]', { hasText: 'Four phases' });
    await row.waitFor();
    await row.locator('[data-testid=manage-template]').click();
    const list = page.locator('[data-testid=dependency-list]');
    await list.waitFor();
    assert.equal(await list.evaluate((el) => getComputedStyle(el).maxHeight), '400px');
    const dep = list.locator('[data-testid=dependency]', { hasText: 'Phase IV' });
    await dep.locator('input').click();
    await page.locator('[data-testid=dependency-summary] >> text=Included 4 of 5').waitFor();
    await shot(page, 'clone-template-dependencies');
    await page.click('.modal__foot >> text=Close');

    await page.goto(`${stack.url}/portal/${ids.portal}/projects/${ids.methodology}/clone`);
    await page.click('[data-testid=clone-from-template]');
    await page.locator('[data-testid=template-list] li', { hasText: 'Four phases' }).locator('[data-testid=use-template]').click();
    const second = page.locator('[data-testid=clone-template-form]');
    await second.locator('input[name=name]').waitFor();
    await page.locator('[data-testid=template-clone] [data-testid=dependency-list]').waitFor();
    await second.locator('input[name=name]').fill('New renovation case');
    await shot(page, 'clone-from-template');
    await second.locator('button[type=submit]').click();
    await page.waitForURL((u) => /\/projects\/\d+/.test(u.pathname) && !u.pathname.includes(`/projects/${ids.methodology}`));
    const copy = newId(page);
    await page.goto(`${stack.url}/portal/${ids.portal}/projects/${copy}/phases`);
    await page.locator('[data-testid=child-row]').first().waitFor();
    assert.equal(await page.locator('[data-testid=child-row]').count(), 4);
    assert.equal(await page.locator('[data-testid=child-row] >> text=Phase IV').count(), 0);
    await context.close();
  });

  test('on a phone the template source and Add Template stay within the screen', async () => {
    const { page, context } = await open('sofia@demo.eu', `/portal/${ids.portal}/settings/templates`, PHONE);
    await page.locator('[data-testid=template-source]').waitFor();
    for (const sel of ['[data-testid=template-source]', '[data-testid=add-template]']) {
      const box = await page.locator(sel).boundingBox();
      assert.ok(box.x >= 0 && box.x + box.width <= PHONE.width, `${sel} at ${box.x}..${box.x + box.width}`);
    }
    await checkScreen(page, 'settings templates (phone)');
    await context.close();
  });

  test("any project of the portal is cloned from the portal's template: a new case from the methodology model", async () => {
    const { page, context } = await open('sofia@demo.eu', `/portal/${ids.portal}/projects/${ids.oslo}/clone`);
    await page.click('[data-testid=clone-from-template]');
    const offered = page.locator('[data-testid=template-list] li', { hasText: 'Renovation project template' });
    await offered.waitFor();
    assert.match(await offered.innerText(), /Renovation methodology template/); // the model it copies
    await offered.locator('[data-testid=use-template]').click();
    const form = page.locator('[data-testid=clone-template-form]');
    await form.locator('input[name=name]').waitFor();
    await page.locator('[data-testid=template-clone] [data-testid=dependency-list]').waitFor();
    await form.locator('input[name=name]').fill('Lyon demo case');
    await form.locator('button[type=submit]').click();
    await page.waitForURL((u) => /\/projects\/\d+/.test(u.pathname) && !u.pathname.includes(`/projects/${ids.oslo}`));
    const copy = newId(page);
    await page.locator('[data-testid=module-name] >> text=Lyon demo case').waitFor();
    await page.goto(`${stack.url}/portal/${ids.portal}/projects/${copy}/phases`);
    await page.locator('[data-testid=child-row]').first().waitFor();
    assert.equal(await page.locator('[data-testid=child-row]').count(), 5);
    await context.close();
  });

  test('a viewer sees no permissions to make a new version', async () => {
    const { page, context } = await open('viktor@demo.eu', `/portal/${ids.portal}/projects/${ids.lisbon}/clone`);
    await page.locator('text=No permissions to make a new version').waitFor();
    assert.equal(await page.locator('[data-testid=clone-form]').count(), 0);
    await shot(page, 'clone-viewer');
    await context.close();
  });
});
