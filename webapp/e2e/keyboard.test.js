/* Keyboard-only journeys (no mouse events: focus and keys), and the main journey on a phone (issue 15). */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage } from './browser.js';
import { PHONE, assertNoOverflow, checkScreen } from './a11y.js';
import { apiGet, useDemo } from './vault-helpers.js';

const t = useDemo();
// A route change in the app is a history update, not a page load: wait for the URL only.
const SPA = { waitUntil: 'commit' };

const focused = (page) => page.evaluate(() => {
  const el = document.activeElement;
  return el ? (el.getAttribute('aria-label') || el.textContent || el.name || el.id || '').trim() : '';
});

/** Tab until `match` (a function of the focused element's name) is focused; fails after `max` presses. */
async function tabTo(page, match, max = 200) {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    if (await match(await focused(page))) return;
  }
  throw new Error(`Tab never reached it (last: ${await focused(page)})`);
}

describe('keyboard only', () => {
  test('sign in, open a project and a task, post a comment with Ctrl+Enter, reorder, close dialogs with Escape', async () => {
    const { page, context, errors } = await openPage(t.browser, t.stack.url, { timeout: 15000 });
    await page.goto(`${t.stack.url}/login`);
    await page.locator('#login-username').waitFor();
    await page.keyboard.press('Tab');
    assert.equal(await focused(page), 'Skip to content');
    await tabTo(page, () => page.evaluate(() => document.activeElement.id === 'login-username'));
    await page.keyboard.type('sofia@demo.eu');
    await page.keyboard.press('Tab');
    await page.keyboard.type('demo1234');
    await page.keyboard.press('Enter');
    await page.locator('[data-testid=user-menu]').waitFor();
    await page.getByRole('link', { name: /4RinEU Consortium/ }).first().waitFor(); // my portals are listed

    // '?' lists the shortcuts; Escape closes it; 'g t' goes to my tasks, 'g p' back to my portals.
    await page.keyboard.press('?');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor({ state: 'detached' });
    await page.keyboard.press('g');
    await page.keyboard.press('t');
    await page.waitForURL((u) => u.pathname.endsWith('/tasks-all') && u.search.includes('owner='), SPA);
    await page.keyboard.press('g');
    await page.keyboard.press('p');
    await page.waitForURL((u) => u.pathname === '/', SPA);

    // Into the portal and the Lisbon project by links and Enter.
    await tabTo(page, (name) => name.includes('4RinEU Consortium'));
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === `/portal/${t.ids.portal}`, SPA);
    await page.goto(`${t.stack.url}/portal/${t.ids.portal}/projects/${t.ids.lisbon}/phases`);
    await page.locator('[data-testid=child-row]').first().waitFor();

    // Reorder: the second phase moves up with ArrowUp on its handle, announced, and keeps the focus.
    // (a done phase's name starts with its tick, which is not part of the name)
    const names = async () => (await page.locator('[data-testid=child-row] .childlist__name').allInnerTexts())
      .map((n) => n.replace(/^✓\s*/, ''));
    const before = await names();
    await tabTo(page, (name) => name === `Move ${before[1]}`);
    await page.keyboard.press('ArrowUp');
    await page.locator('[data-testid=reorder-status]', { hasText: `${before[1]} moved to position 1` }).waitFor();
    await page.waitForFunction((first) => document.querySelector('[data-testid=child-row] .childlist__name').textContent.includes(first), before[1]);
    assert.deepEqual((await names()).slice(0, 2), [before[1], before[0]]);
    assert.equal(await focused(page), `Move ${before[1]}`);
    await page.keyboard.press('ArrowDown'); // and back, for the other tests' sake
    await page.locator('[data-testid=reorder-status]', { hasText: 'moved to position 2' }).waitFor();

    // A task opens with Enter (at this width in the side peek, beside the list); Escape closes it (the focus back
    // on its row: e2e/peek.test.js).
    await tabTo(page, (name) => name.includes(before[1]) && !name.startsWith('Move'));
    await page.keyboard.press('Enter');
    await page.locator('[data-testid=peek]').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('[data-testid=peek]').waitFor({ state: 'detached' });

    // The Edit dialog: opened with Enter, closed with Escape, the focus back on Edit.
    await page.locator('[data-testid=edit-module]').focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Edit Project' });
    await dialog.locator('input[name=name]').waitFor();
    assert.equal(await page.evaluate(() => document.activeElement.name), 'name'); // focus moved into the dialog
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await focused(page), 'Edit');

    // A comment posted with Ctrl+Enter.
    await page.goto(`${t.stack.url}/portal/${t.ids.portal}/projects/${t.ids.lisbon}/comments`);
    await page.locator('[data-testid=comment-thread]').waitFor();
    await tabTo(page, (name) => name.startsWith('Write a comment') || name.startsWith('Write a reply'));
    await page.keyboard.type('Posted from the keyboard alone.');
    await page.keyboard.press('Control+Enter');
    await page.locator('[data-testid=comment-thread]', { hasText: 'Posted from the keyboard alone.' }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe('the main journey on a phone (390 × 844)', () => {
  test("the top bar's menus: Enter opens with the focus on the first item, arrows move, Escape gives it back, Tab goes on", async () => {
    const { page, context, errors } = await openPage(t.browser, t.stack.url, { timeout: 15000 });
    await page.goto(`${t.stack.url}/login`);
    await page.fill('#login-username', 'admin@demo.eu');
    await page.fill('#login-password', 'demo1234');
    await page.keyboard.press('Enter');
    await page.locator('[data-testid=user-menu]').waitFor();
    await page.goto(`${t.stack.url}/portal/${t.ids.portal}`);
    await page.locator('[data-testid=project-card]').first().waitFor();

    await page.locator('[data-testid=user-menu]').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menu', { name: 'Account' }).waitFor();
    assert.equal(await focused(page), 'My Account');
    await page.keyboard.press('ArrowDown');
    assert.equal(await focused(page), 'Edit Profile');
    await page.keyboard.press('End');
    assert.equal(await focused(page), 'Logout');
    await page.keyboard.press('ArrowDown');
    assert.equal(await focused(page), 'My Account');
    await page.keyboard.press('Escape');
    await page.getByRole('menu', { name: 'Account' }).waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(() => document.activeElement.dataset.testid), 'user-menu');
    // Its items are not tab stops: Shift+Tab closes it and goes on from its button to the bell before it.
    await page.keyboard.press('Enter');
    await page.getByRole('menu', { name: 'Account' }).waitFor();
    await page.keyboard.press('Shift+Tab');
    await page.getByRole('menu', { name: 'Account' }).waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(() => document.activeElement.dataset.testid), 'bell');

    await page.locator('[data-testid=portal-switcher]').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menu', { name: 'Switch portal' }).waitFor();
    assert.equal(await focused(page), '4RinEU Consortium');
    // Tab closes it and goes on from its button to the search box after it.
    await page.keyboard.press('Tab');
    await page.getByRole('menu', { name: 'Switch portal' }).waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(() => document.activeElement.dataset.testid), 'search-input');
    await page.locator('[data-testid=portal-switcher]').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menu', { name: 'Switch portal' }).waitFor();
    await page.keyboard.press('ArrowUp');
    assert.equal(await focused(page), 'PEB Energy Audits');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => /^\/peb\/\d+$/.test(u.pathname), SPA);
    await page.getByRole('menu', { name: 'Switch portal' }).waitFor({ state: 'detached' });
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('menu, a project, a task, its tabs, a dialog: nothing scrolls sideways, nothing serious for axe', async () => {
    const { page, context } = await openPage(t.browser, t.stack.url, { viewport: PHONE, timeout: 15000 });
    await page.goto(`${t.stack.url}/login`);
    await page.fill('#login-username', 'sofia@demo.eu');
    await page.fill('#login-password', 'demo1234');
    await page.click('button[type=submit]');
    await page.locator('[data-testid=user-menu]').waitFor();
    await checkScreen(page, 'journey: portals (phone)');
    await page.goto(`${t.stack.url}/portal/${t.ids.portal}`);
    await page.click('[data-testid=nav-menu]');
    await page.locator('#portal-nav').getByRole('link', { name: /Lisbon/ }).click();
    await page.waitForURL((u) => u.pathname.includes(`/${t.ids.lisbon}`), SPA);
    await page.locator('#portal-nav').waitFor({ state: 'hidden' }); // the drawer closed on the choice
    await page.locator('h1[data-testid=module-name]').waitFor(); // axe once the page is drawn (it once found no h1 yet)
    await checkScreen(page, 'journey: project (phone)');
    // Its phases are cards: the name on top, then the labelled lines, all within the screen (scrolled sideways,
    // the status, owner and deadline were out of sight and the names cut off).
    await page.goto(`${t.stack.url}/portal/${t.ids.portal}/projects/${t.ids.lisbon}/phases`);
    const card = await page.locator('[data-testid=child-row]').first().evaluate((row) => [...row.cells].map((td) => {
      const r = td.getBoundingClientRect();
      return { label: td.dataset.label || null, left: Math.round(r.left), right: Math.round(r.right), top: Math.round(r.top), shown: r.height > 0 };
    }));
    const lines = card.filter((c) => c.label);
    assert.deepEqual(lines.map((c) => c.label), ['ID', 'Status', 'Owner', 'Deadline', 'Items']);
    assert.ok(card.every((c) => !c.shown || (c.left >= 0 && c.right <= PHONE.width)), JSON.stringify(card));
    const title = card[3];
    assert.ok(lines.every((c) => c.top > title.top && c.left === title.left), `the name first, the lines under it: ${JSON.stringify(card)}`);
    const lisbon = (await apiGet(t.stack, t.ids.token, `/api/module/view/${t.ids.lisbon}`)).item;
    await page.goto(`${t.stack.url}/portal/${t.ids.portal}/projects/${t.ids.lisbon}/phases/${lisbon.children[0].id}`);
    await page.locator('[data-testid=overlay] [data-testid=module-name]').waitFor();
    await checkScreen(page, 'journey: task overlay (phone)');
    // CLOSE keeps its one line inside the overlay's bar; the breadcrumb beside it gives way.
    const bar = await page.locator('.overlay__bar').boundingBox();
    const close = await page.locator('[data-testid=overlay-close]').boundingBox();
    assert.ok(close.height < 40 && close.y >= bar.y && close.y + close.height <= bar.y + bar.height,
      `CLOSE ${JSON.stringify(close)} in the bar ${JSON.stringify(bar)}`);
    // The deliverable's five cells in two columns: the right column draws no border at the card's edge, and the
    // fifth cell, alone on its row, takes the whole row.
    const strip = await page.locator('[data-testid=overlay] [data-testid=deliverable-strip]').evaluate((el) => {
      const cells = [...el.children];
      return {
        width: el.getBoundingClientRect().width,
        last: cells[cells.length - 1].getBoundingClientRect().width,
        rightBorders: cells.filter((c) => c.getBoundingClientRect().right >= el.getBoundingClientRect().right - 1
          && getComputedStyle(c).borderRightStyle !== 'none' && parseFloat(getComputedStyle(c).borderRightWidth) > 0).length,
      };
    });
    assert.ok(Math.abs(strip.last - strip.width) < 1, `the fifth cell is ${strip.last} of ${strip.width}px`);
    assert.equal(strip.rightBorders, 0, 'no cell draws a border on the right edge');
    for (const tab of ['knowledge', 'files', 'comments', 'gantt-chart']) {
      await page.goto(`${t.stack.url}/portal/${t.ids.portal}/projects/${t.ids.lisbon}/${tab}`);
      await page.waitForLoadState('networkidle');
      await assertNoOverflow(page, `journey: ${tab} (phone)`);
    }
    await page.locator('[data-testid=module-actions-more]').first().click();
    await page.locator('[data-testid=edit-module]').click();
    const sheet = page.getByRole('dialog', { name: 'Edit Project' });
    await sheet.locator('input[name=name]').waitFor();
    const box = await sheet.boundingBox();
    assert.ok(box.width >= PHONE.width - 1, `the dialog is a full-width sheet (${box.width})`);
    await checkScreen(page, 'journey: edit sheet (phone)');
    await context.close();
  });
});
