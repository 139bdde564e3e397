/* Browser tests: the SPA in Debian's Chromium against the real API seeded with the demo. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { shot, signIn, useStack } from './browser.js';

let stack;
let browser;

useStack((s, b) => { stack = s; browser = b; });

async function newPage(host) {
  const context = await browser.newContext({ viewport: { width: 1360, height: 860 } });
  const page = await context.newPage();
  page.setDefaultTimeout(10000);
  const base = host ? `http://${host}:${stack.port}` : stack.url;
  return { page, context, base };
}

// an 8x8 PNG
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAFklEQVR4nGNkYPjPgA0wYRUdlRhMEgBGfAEP5ONNAQAAAABJRU5ErkJggg==';
const text = (page, sel) => page.locator(sel).innerText();

describe('signed out', () => {
  test('login validation messages', async () => {
    const { page, context, base } = await newPage();
    await page.goto(`${base}/some/deep/path`);
    await page.click('button[type=submit]');
    await page.getByText('Username is required').waitFor();
    await page.getByText('Password is required').waitFor();
    await page.fill('#login-username', 'not-an-email');
    await page.getByText('Please enter a valid email address').waitFor();
    await shot(page, 'login-validation');
    await context.close();
  });

  test('login failure shows the server error under the form', async () => {
    const { page, context, base } = await newPage();
    await page.goto(`${base}/login`);
    await page.fill('#login-username', 'admin@demo.eu');
    await page.fill('#login-password', 'wrong-password');
    await page.click('button[type=submit]');
    const err = page.locator('[data-testid=login-error]');
    await err.waitFor();
    assert.ok((await err.innerText()).length > 3);
    assert.equal(await page.locator('[data-testid=user-menu]').count(), 0);
    await context.close();
  });

  test('public pages and forgot password', async () => {
    const { page, context, base } = await newPage();
    await page.goto(`${base}/login`);
    await page.click('text=Disclaimer');
    await page.waitForURL('**/disclaimer');
    await page.getByRole('heading', { name: 'Non-commercial use only' }).waitFor();
    await page.goto(`${base}/about`);
    await page.getByText('Phase IV', { exact: true }).waitFor();
    await shot(page, 'about');
    await page.goto(`${base}/login`);
    await page.click('text=Forgot your password?');
    await page.waitForURL('**/forgot-password');
    await page.click('button[type=submit]');
    await page.getByText('Email is required').waitFor();
    await page.fill('#forgot-email', 'bad');
    assert.equal(await page.getByText('Email is required').count(), 0, 'messages clear on change');
    await page.fill('#forgot-email', '  viktor@demo.eu ');
    await page.click('button[type=submit]');
    await page.locator('.form__message--info').waitFor();
    await page.goto(`${base}/reset-password?token=abc`);
    await page.fill('#reset-password', 'short');
    await page.fill('#reset-repeat', 'other');
    await page.click('button[type=submit]');
    await page.getByText('Password must have at least 8 characters').waitFor();
    await page.getByText('The passwords do not match').waitFor();
    await page.goto(`${base}/invitation`);
    await page.getByRole('heading', { name: 'Create Account' }).waitFor();
    await context.close();
  });
});

describe('signed in', () => {
  test('sign-in shows the portal list, the session survives a reload', async () => {
    const { page, context, base } = await newPage();
    await signIn(page, base, 'admin@demo.eu');
    await page.waitForURL(`${base}/`);
    const cards = page.locator('[data-testid=portal-card]');
    await cards.first().waitFor();
    assert.equal(await cards.count(), 3);
    const hrefs = await cards.evaluateAll((els) => els.map((e) => e.getAttribute('href')));
    assert.ok(hrefs.some((h) => /^\/portal\/\d+$/.test(h)));
    assert.ok(hrefs.some((h) => /^\/peb\/\d+$/.test(h)));
    assert.ok(hrefs.some((h) => /^\/calibr\/\d+$/.test(h)));
    const stored = await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('expirationDate')]);
    assert.ok(stored[0] && stored[1]);
    await shot(page, 'home');
    await page.reload();
    await page.locator('[data-testid=portal-card]').first().waitFor();
    await page.click('[data-testid=user-menu]');
    await page.getByRole('menuitem', { name: 'My Account' }).waitFor();
    await page.getByRole('menuitem', { name: 'Edit Profile' }).waitFor();
    await page.getByRole('menuitem', { name: 'My Portals' }).waitFor();
    await page.getByRole('menuitem', { name: 'Logout' }).waitFor();
    await shot(page, 'user-menu');
    await context.close();
  });

  test('a user with no portal is told to contact the administrator', async () => {
    const { page, context, base } = await newPage();
    await signIn(page, base, 'nobody@demo.eu');
    await page.getByText('You have not been assigned yet. Please contact your administrator').waitFor();
    await context.close();
  });

  test('portal -> project -> task overlay and back', async () => {
    const { page, context, base } = await newPage();
    await signIn(page, base, 'admin@demo.eu');
    await page.click('[data-testid=portal-card] >> text=4RinEU Consortium');
    await page.waitForURL(/\/portal\/\d+$/);
    await page.locator('[data-testid=project-card]').first().waitFor();
    await shot(page, 'portal');
    await page.click('[data-testid=project-card] >> text=Lisbon demo case');
    await page.waitForURL(/\/portal\/\d+\/\d+$/);
    const projectUrl = page.url();
    await page.locator('[data-testid=project-section]').first().waitFor();
    assert.ok((await text(page, '[data-testid=module-name]')).startsWith('Lisbon demo case'));
    await shot(page, 'project-page');
    // a task of the first phase opens beside the page (the side peek, from 1,200 px), the Overview staying in view
    await page.locator('[data-testid=section-item]').first().click();
    const overlay = page.locator('[data-testid=peek]');
    await overlay.locator('[data-testid=module-header]').waitFor();
    await overlay.locator('[data-testid=tabs] >> text=Feed').waitFor();
    await shot(page, 'task-overlay');
    await overlay.locator('[data-testid=tabs] >> text=Feed').click();
    await overlay.locator('[data-testid=feed-item]').first().waitFor();
    await overlay.locator('[data-testid=tabs] >> text=Metric').click();
    await overlay.locator('[data-testid=metrics-dashboard]').waitFor(); // the task's report (its metric panels)
    assert.ok(await page.locator('[data-testid=project-section]').first().isVisible());
    await page.keyboard.press('Escape');
    // Escape went up to the phase (in the same peek); closing that returns to the project page's Overview
    await page.waitForURL(/\/phases\/\d+\/tasks$/);
    await page.locator('[data-testid=peek-close]').click();
    await page.waitForURL(projectUrl);
    assert.equal(await page.locator('[data-testid=peek], [data-testid=overlay]').count(), 0);
    // Edit Project (its address /v2/{platform}/{parentId}/{id}) edits in place, in a side panel
    assert.match(await page.getAttribute('[data-testid=edit-project]', 'href'), /^\/v2\/4rineu\/\d+\/\d+$/);
    await page.click('[data-testid=edit-project]');
    await page.getByRole('dialog', { name: 'Edit Project' }).locator('input[name=name]').waitFor();
    assert.equal(page.url(), projectUrl);
    await context.close();
  });

  test('the portal switcher lists every portal, marks the current one and opens the one chosen', async () => {
    const { page, context, base } = await newPage();
    await signIn(page, base, 'admin@demo.eu');
    await page.click('[data-testid=portal-card] >> text=4RinEU Consortium');
    await page.waitForURL(/\/portal\/\d+$/);
    const toggle = page.locator('[data-testid=portal-switcher]');
    assert.match(await toggle.innerText(), /4RinEU Consortium/);
    await toggle.click();
    const items = page.locator('.switcher__panel [role=menuitem]');
    await items.first().waitFor();
    assert.deepEqual(await items.allInnerTexts(), ['4RinEU Consortium', 'Calibr Monitoring', 'PEB Energy Audits']);
    assert.deepEqual(await items.evaluateAll((els) => els.map((e) => e.classList.contains('switcher__item--on'))),
      [true, false, false]);
    await page.keyboard.press('Escape'); // closes without leaving
    await page.locator('.switcher__panel').waitFor({ state: 'detached' });
    await toggle.click();
    await page.getByRole('menuitem', { name: 'PEB Energy Audits' }).click();
    await page.waitForURL(/\/peb\/\d+$/);
    await page.locator('.switcher__panel').waitFor({ state: 'detached' });
    await page.locator('[data-testid=portal-switcher]', { hasText: 'PEB Energy Audits' }).waitFor();
    await context.close();
  });

  test('the tabbed project view: tabs, child lists, the side peek with Close', async () => {
    const { page, context, base } = await newPage();
    await signIn(page, base, 'admin@demo.eu');
    await page.click('[data-testid=portal-card] >> text=4RinEU Consortium');
    await page.click('.rail >> text=Work');
    await page.click('.tree >> text=Lisbon demo case');
    await page.waitForURL(/\/projects\/\d+$/); // the Overview, then the first child type's tab
    await page.locator('[data-testid=project-section]').first().waitFor();
    await page.locator('[data-testid=tabs]').getByRole('link', { name: 'Phases' }).click();
    await page.waitForURL(/\/projects\/\d+\/phases$/);
    const tabs = await page.locator('[data-testid=tabs] a').allInnerTexts();
    assert.deepEqual(tabs, ['Overview', 'Phases', 'Tasks', 'Knowledge', 'Files', 'References', 'Comments', 'Metric', 'Feed',
      'Gantt Chart', 'Time', 'Effort', 'Editors', 'Clone']);
    await page.locator('[data-testid=child-row]').first().waitFor();
    await shot(page, 'project-tabs');
    await page.locator('[data-testid=child-row] a').first().click();
    await page.waitForURL(/\/phases\/\d+\/tasks$/);
    // 1,360 px: beside the list, in the side peek (e2e/peek.test.js)
    await page.locator('[data-testid=peek] [data-testid=child-row]').first().waitFor();
    await page.click('[data-testid=peek-close]');
    await page.waitForURL(/\/projects\/\d+\/phases$/);
    await context.close();
  });

  test('lock and unlock a module, change its logo', async () => {
    const { page, context, base } = await newPage();
    await signIn(page, base, 'admin@demo.eu');
    await page.click('[data-testid=portal-card] >> text=4RinEU Consortium');
    await page.click('.rail >> text=Work');
    await page.click('.tree >> text=Madrid demo case');
    const header = page.locator('[data-testid=module-header]');
    await header.locator('[data-testid=lock-module]').click();
    await header.locator('.tag >> text=Locked').waitFor();
    await header.locator('[data-testid=unlock-module]').waitFor();
    assert.equal(await header.locator('[data-testid=edit-module]').count(), 0, 'no edit while locked');
    assert.equal(await header.locator('[data-testid=delete-module]').count(), 0, 'no delete while locked');
    await header.locator('[data-testid=unlock-module]').click();
    await header.locator('[data-testid=edit-module]').waitFor();
    assert.equal(await header.locator('.tag >> text=Locked').count(), 0);
    // change the logo: the upload replaces the fallback mark by the image, fetched with the token
    await header.locator('[data-testid=change-logo]').click();
    await page.setInputFiles('#logo-file', { name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from(PNG, 'base64') });
    await page.click('.modal >> button:has-text("Upload")');
    await header.locator('[data-testid=module-logo]').waitFor();
    assert.match(await header.locator('[data-testid=module-logo]').getAttribute('src'), /^blob:/);
    await context.close();
  });

  test('reorder child modules by drag and drop', async () => {
    const { page, context, base } = await newPage();
    await signIn(page, base, 'admin@demo.eu');
    await page.click('[data-testid=portal-card] >> text=4RinEU Consortium');
    await page.click('.rail >> text=Work');
    await page.click('.tree >> text=Renovation methodology template');
    await page.locator('[data-testid=tabs] a').nth(1).click(); // its first child type, after the Overview
    const names = page.locator('[data-testid=child-row] .childlist__name');
    await names.nth(1).waitFor();
    const before = await names.allInnerTexts();
    await page.locator('[data-testid=child-row]').nth(1).dragTo(page.locator('[data-testid=child-row]').nth(0));
    await page.waitForFunction((want) => {
      const first = document.querySelector('[data-testid=child-row] .childlist__name');
      return first && first.textContent.trim() === want;
    }, before[1].trim());
    await page.reload();
    await names.nth(1).waitFor();
    const after = await names.allInnerTexts();
    assert.deepEqual(after.slice(0, 2), [before[1], before[0]]);
    await context.close();
  });

  test('tick a task as completed; the Gantt view of the tasks', async () => {
    const { page, context, base } = await newPage();
    await signIn(page, base, 'admin@demo.eu');
    await page.click('[data-testid=portal-card] >> text=4RinEU Consortium');
    await page.click('.rail >> text=Work');
    await page.click('.tree >> text=Oslo demo case');
    await page.locator('[data-testid=tabs]').getByRole('link', { name: 'Phases' }).click();
    await page.locator('[data-testid=child-row] a').first().click();
    const overlay = page.locator('[data-testid=peek]');
    const rows = overlay.locator('[data-testid=child-row]');
    await rows.first().waitFor();
    const row = rows.first();
    const box = row.locator('[data-testid=checklist]');
    const was = await box.isChecked();
    await box.click();
    await row.locator(`[data-testid=checklist]${was ? ':not(:checked)' : ':checked'}`).waitFor();
    await row.locator(was ? '.childlist__name:not(.childlist__name--done)' : '.childlist__name--done').waitFor();
    await page.reload();
    await overlay.locator('[data-testid=child-row]').first().waitFor();
    assert.equal(await overlay.locator('[data-testid=child-row]').first().locator('[data-testid=checklist]').isChecked(), !was);
    await overlay.locator('[data-testid=gantt-toggle]').click();
    await overlay.locator('[data-testid=gantt-row]').first().waitFor();
    await shot(page, 'gantt');
    await context.close();
  });

  test('create, edit and delete a module through server-described forms', async () => {
    const { page, context, base } = await newPage();
    await signIn(page, base, 'admin@demo.eu');
    await page.click('[data-testid=portal-card] >> text=4RinEU Consortium');
    await page.click('.rail >> text=Work');
    await page.click('.tree >> text=Lisbon demo case');
    await page.click('[data-testid=tabs] >> text=Tasks');
    const before = await page.locator('[data-testid=child-row]').count();
    await page.click('[data-testid=add-task]');
    const form = page.locator('[data-testid=dynamic-form]');
    await form.waitFor();
    await form.locator('button[type=submit]').click();
    await form.getByText('Input is required').waitFor();
    await shot(page, 'form-required');
    await form.locator('input[name=name]').fill('E2E check of the heat pump');
    await form.locator('textarea[name=description]').fill('Created by the browser test');
    await form.locator('button[type=submit]').click();
    await page.locator('[data-testid=child-row] >> text=E2E check of the heat pump').waitFor();
    assert.equal(await page.locator('[data-testid=child-row]').count(), before + 1);
    // open it, edit it
    await page.click('[data-testid=child-row] >> text=E2E check of the heat pump');
    const overlay = page.locator('[data-testid=peek]');
    // in the side peek the header's actions sit behind '⋯' (its card is narrower than them and the name)
    const action = async (testid) => {
      await overlay.locator('[data-testid=module-name]').waitFor();
      const more = overlay.locator('[data-testid=module-actions-more]');
      if (await more.isVisible()) await more.click();
      await overlay.locator(`[data-testid=${testid}]`).click();
    };
    await action('edit-module');
    const edit = page.locator('[data-testid=dynamic-form]');
    await edit.locator('input[name=name]').fill('E2E heat pump check (edited)');
    await edit.locator('button[type=submit]').click();
    await overlay.locator('[data-testid=module-name] >> text=E2E heat pump check (edited)').waitFor();
    // delete it, with the confirmation texts
    await action('delete-module');
    await page.getByText('PLEASE CAREFUL WHEN DELETING ENTRIES.').waitFor();
    await page.getByText('ARE YOU SURE YOU WANT TO DELETE THIS.').waitFor();
    await shot(page, 'delete-confirm');
    await page.click('.modal >> button:has-text("Delete")');
    await page.waitForURL(/\/projects\/\d+\/tasks$/);
    await page.locator('[data-testid=child-row] >> text=E2E heat pump check').waitFor({ state: 'detached' });
    assert.equal(await page.locator('[data-testid=child-row]').count(), before);
    await context.close();
  });

  test('a viewer sees no edit controls', async () => {
    const { page, context, base } = await newPage();
    await signIn(page, base, 'viktor@demo.eu');
    await page.click('[data-testid=portal-card] >> text=4RinEU Consortium');
    await page.locator('[data-testid=module-header]').waitFor();
    await page.click('.rail >> text=Work');
    await page.click('.tree >> text=Lisbon demo case');
    await page.locator('[data-testid=module-header]').waitFor();
    await page.locator('[data-testid=tabs]').getByRole('link', { name: 'Phases' }).click();
    await page.locator('[data-testid=child-row]').first().waitFor();
    assert.equal(await page.locator('[data-testid=checklist]:not([disabled])').count(), 0, 'a viewer cannot tick tasks');
    for (const id of ['edit-module', 'delete-module', 'copy-module', 'add-status', 'add-member', 'change-logo', 'add-phase']) {
      assert.equal(await page.locator(`[data-testid=${id}]`).count(), 0, `${id} must not show for a viewer`);
    }
    assert.equal(await page.getByText('Add Date').count(), 0);
    await shot(page, 'viewer');
    await context.close();
  });

  test('the other entry routes: /portal4r, a project at /project/{id}, the peb and calibr portals', async () => {
    const { page, context, base } = await newPage();
    await signIn(page, base, 'admin@demo.eu');
    await page.goto(`${base}/portal4r`);
    await page.getByRole('heading', { name: 'My Portals' }).waitFor();
    assert.equal(await page.locator('[data-testid=portal-card]').count(), 3);
    const hrefs = await page.locator('[data-testid=portal-card]').evaluateAll((els) => els.map((e) => e.getAttribute('href')));
    const consortium = hrefs.find((h) => h.startsWith('/portal/'));
    await page.goto(`${base}${consortium}`);
    const project = page.locator('[data-testid=project-card]', { hasText: 'Lisbon demo case' });
    const projectId = (await project.getAttribute('href')).split('/').pop();
    await page.goto(`${base}${consortium}/project/${projectId}`);
    await page.locator('[data-testid=module-name]', { hasText: 'Lisbon demo case' }).waitFor();
    await page.locator('[data-testid=project-section]').first().waitFor();
    for (const [prefix, name] of [['/peb/', 'PEB Energy Audits'], ['/calibr/', 'Calibr Monitoring']]) {
      await page.goto(`${base}${hrefs.find((h) => h.startsWith(prefix))}`);
      await page.locator('[data-testid=portal-switcher]', { hasText: name }).waitFor();
      await page.locator('[data-testid=project-card]').first().waitFor();
    }
    await context.close();
  });

  test('not found views, /v2 table', async () => {
    const { page, context, base } = await newPage();
    await signIn(page, base, 'admin@demo.eu');
    await page.goto(`${base}/nowhere/at/all`);
    await page.locator('[data-testid=not-found] >> text=999').waitFor();
    await page.goto(`${base}/v2`);
    await page.locator('[data-testid=v2-table] >> text=Calibr Data Platform').waitFor();
    await page.click('[data-testid=v2-table] >> text=4RinEU Renovation Platform');
    await page.waitForURL(/\/v2\/4rineu\/\d+$/);
    await page.locator('[data-testid=module-header]').waitFor();
    await page.goto(`${base}/portal/999999`);
    await page.getByText('error: need access to moduleId: /api/module/view/999999').waitFor();
    await page.goto(`${base}/portal/4/settings/users`);
    await page.getByRole('heading', { name: 'Admin members' }).waitFor();
    await page.goto(`${base}/portal/4/not-a-route/x`);
    await page.locator('[data-testid=no-match]').waitFor();
    await context.close();
  });

  test('logout revokes the session and goes to /', async () => {
    const { page, context, base } = await newPage();
    await signIn(page, base, 'admin@demo.eu');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await page.click('[data-testid=user-menu]');
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.locator('#login-username').waitFor();
    await page.waitForURL(`${base}/`);
    assert.equal(await page.evaluate(() => localStorage.getItem('token')), null);
    const res = await fetch(`${stack.api.url}/api/profile/currentuser`, { headers: { Authorization: `Bearer ${token}` } });
    assert.equal(res.status, 401, 'the token is revoked on the server');
    await page.reload();
    await page.locator('#login-username').waitFor();
    await context.close();
  });
});

describe('brands by host name', () => {
  test('the consortium brand on portal.4rineu.local', async () => {
    const { page, context, base } = await newPage('portal.4rineu.local');
    await page.goto(`${base}/login`);
    await page.locator('#login-username').waitFor();
    assert.equal(await page.title(), '4RinEU Collaborative Design Portal');
    assert.match(await page.getAttribute('[data-testid=brand-logo]', 'src'), /4rineu-logo/);
    await page.locator('[data-testid=funding-footer] >> text=Disclaimer').waitFor();
    await shot(page, 'brand-4rineu-login');
    await context.close();
  });

  test('the data platform brand on data.calibr.local', async () => {
    const { page, context, base } = await newPage('data.calibr.local');
    await page.goto(`${base}/login`);
    await page.locator('#login-username').waitFor();
    assert.equal(await page.title(), 'Calibr Data Platform');
    assert.match(await page.getAttribute('[data-testid=brand-logo]', 'src'), /calibr-logo/);
    assert.equal(await page.locator('[data-testid=funding-footer]').count(), 0);
    await shot(page, 'brand-calibr-login');
    await signIn(page, base, 'paula@demo.eu');
    await page.locator('[data-testid=portal-card]').first().waitFor();
    assert.match(await page.getAttribute('[data-testid=topbar-logo]', 'src'), /calibr-logo/);
    await shot(page, 'brand-calibr-home');
    await context.close();
  });
});
