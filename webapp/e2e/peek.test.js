/* Browser tests of the side peek (issue 40, point 8): at 1,366 px a child opens beside its list, which stays in view
   and usable, with its parent path, j and k to its neighbours, Escape to close and the focus back on its row; a
   child's child opens in the same panel. At 390 px the same URL is the full-screen overlay, with the same path. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, signIn } from './browser.js';
import { PHONE, checkScreen } from './a11y.js';
import { apiGet, useDemo } from './vault-helpers.js';

const WIDE = { width: 1366, height: 800 };
const t = useDemo(async ({ stack, ids }) => {
  const view = async (id) => (await apiGet(stack, ids.token, `/api/module/view/${id}`)).item;
  const project = await view(ids.lisbon);
  // the project's first child tab with three children at least (j and k have somewhere to go)
  const type = project.childTypes.find((ct) => project.children.filter((c) => c.type === ct.type).length >= 3);
  ids.tab = type.tab;
  ids.children = project.children.filter((c) => c.type === type.type);
  ids.first = await view(ids.children[0].id);
  ids.path = [...ids.first.fullPath.map((a) => a.name)];
  ids.grandchild = ids.first.children[0];
});

const projectUrl = () => `/portal/${t.ids.portal}/projects/${t.ids.lisbon}`;
const listUrl = () => `${projectUrl()}/${t.ids.tab}`;
const rowLink = (page, child) => page.locator('[data-testid=child-list]').first()
  .locator(`[data-testid=child-row] a[href="${listUrl()}/${child.id}"]`);
const settle = async (page) => {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('.loading, [data-testid=loading]'));
};
const crumbs = (frame) => frame.locator('[data-testid=crumbs] a').evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href')]));
const focused = (page) => page.evaluate(() => {
  const el = document.activeElement;
  return { testid: el.dataset.testid || null, href: el.getAttribute('href'), peek: !!el.closest('[data-testid=peek]') };
});

test('1,366 px: a child opens beside its list; its path, j and k, a child of it, Escape and the focus back', async () => {
  const { page, context, errors } = await openPage(t.browser, t.stack.url, { viewport: WIDE, timeout: 20000 });
  await signIn(page, t.stack.url, 'sofia@demo.eu');
  await page.goto(`${t.stack.url}${listUrl()}`);
  await settle(page);
  const [first, second] = t.ids.children;
  await rowLink(page, first).click();
  const peek = page.locator('[data-testid=peek]');
  await peek.getByRole('heading', { name: first.name }).waitFor();
  assert.equal(await page.locator('[role=dialog]').count(), 0, 'not a dialog');
  assert.equal(await page.getByRole('complementary', { name: `${t.ids.first.typeLabel} ${first.name}` }).count(), 1);
  assert.equal((await focused(page)).peek || (await focused(page)).testid === 'peek', true, 'the focus moved into it');
  // the list beside it, whole and usable: its rows left of the panel
  const list = await page.locator('[data-testid=child-list]').first().boundingBox();
  const panel = await peek.boundingBox();
  assert.ok(list.width > 300 && list.x + list.width <= panel.x + 1, `list ${JSON.stringify(list)}, panel ${JSON.stringify(panel)}`);
  assert.ok(panel.width >= WIDE.width * 0.4 && panel.x + panel.width <= WIDE.width, JSON.stringify(panel));
  assert.ok(await rowLink(page, second).isVisible());
  assert.deepEqual((await crumbs(peek)).map(([name]) => name), t.ids.path);
  assert.equal((await crumbs(peek)).at(-1)[1], projectUrl(), 'the project: the page it is open on');
  await settle(page);
  await checkScreen(page, 'side peek (1366)');

  // j and k: the next and the previous of the list
  await page.keyboard.press('j');
  await peek.getByRole('heading', { name: second.name }).waitFor();
  assert.match(page.url(), new RegExp(`/${t.ids.tab}/${second.id}(/|$)`));
  await page.keyboard.press('k');
  await peek.getByRole('heading', { name: first.name }).waitFor();
  assert.match(page.url(), new RegExp(`/${t.ids.tab}/${first.id}(/|$)`));
  // a click on another row of the list (usable beside the panel) opens that one in its place
  await rowLink(page, second).click();
  await peek.getByRole('heading', { name: second.name }).waitFor();
  await rowLink(page, first).click();
  await peek.getByRole('heading', { name: first.name }).waitFor();

  // a child of the open one opens in the same panel, its path one longer; Escape goes back up to it
  if (t.ids.grandchild) {
    await settle(page);
    await peek.locator(`[data-testid=child-row] a`, { hasText: t.ids.grandchild.name }).first().click();
    await peek.getByRole('heading', { name: t.ids.grandchild.name }).waitFor();
    assert.equal(await page.locator('[data-testid=peek]').count(), 1);
    const path = await crumbs(peek);
    assert.deepEqual(path.map(([name]) => name), [...t.ids.path, first.name]);
    assert.match(path.at(-1)[1], new RegExp(`/${t.ids.tab}/${first.id}$`));
    await settle(page);
    await checkScreen(page, 'side peek, a child of the task (1366)');
    await page.keyboard.press('Escape');
    await peek.getByRole('heading', { name: first.name }).waitFor();
  }

  // Escape closes it: the list takes the width back, the focus is on the row it was opened from
  await page.keyboard.press('Escape');
  await peek.waitFor({ state: 'detached' });
  assert.ok(page.url().endsWith(listUrl()), page.url());
  await page.waitForFunction((href) => document.activeElement && document.activeElement.getAttribute('href') === href,
    `${listUrl()}/${first.id}`);
  await checkScreen(page, 'side peek closed (1366)');
  // Close does the same
  await rowLink(page, second).click();
  await peek.locator('[data-testid=peek-close]').click();
  await peek.waitFor({ state: 'detached' });
  await page.waitForFunction((href) => document.activeElement && document.activeElement.getAttribute('href') === href,
    `${listUrl()}/${second.id}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('390 px: the same URL is the full-screen overlay, with the same path; Escape closes it, the focus back', async () => {
  const { page, context, errors } = await openPage(t.browser, t.stack.url, { viewport: PHONE, timeout: 20000 });
  await signIn(page, t.stack.url, 'sofia@demo.eu');
  await page.goto(`${t.stack.url}${listUrl()}`);
  await settle(page);
  const [first] = t.ids.children;
  await rowLink(page, first).click();
  const overlay = page.locator('[data-testid=overlay]');
  await overlay.getByRole('heading', { name: first.name }).waitFor();
  assert.equal(await page.locator('[data-testid=peek]').count(), 0);
  assert.equal(await overlay.getAttribute('role'), 'dialog');
  assert.deepEqual((await crumbs(overlay)).map(([name]) => name), t.ids.path);
  const box = await overlay.boundingBox();
  assert.ok(box.x === 0 && box.width === PHONE.width, JSON.stringify(box));
  await settle(page);
  await checkScreen(page, 'task overlay with its path (390)');
  await page.keyboard.press('Escape');
  await overlay.waitFor({ state: 'detached' });
  await page.waitForFunction((href) => document.activeElement && document.activeElement.getAttribute('href') === href,
    `${listUrl()}/${first.id}`);
  assert.deepEqual(errors, []);
  await context.close();
});
