/* Browser tests of search: the top bar's box ('/' to focus, results as one types, debounced, grouped by kind,
 * a combobox walked with the keyboard to an article that opens in the reader, Escape), the full results page with
 * a facet filter, paging and its empty state, the same page on a phone (its filters folded behind a button), the
 * 'This project' scope of a module page, a comment hit opened in its thread, and markup in an item shown as text. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { PHONE, checkScreen } from './a11y.js';
import { openPage, shot, signIn, until, useStack } from './browser.js';
import { apiAs, lisbon } from './outbox.js';

let stack;
let browser;
let ids;
let admin;

useStack(async (s, b) => {
  stack = s;
  browser = b;
  admin = await apiAs(stack.url, 'admin@demo.eu');
  ids = await lisbon(admin);
  // Markup in a comment: found, and shown as text.
  const r = await admin.post(`/api/comment/add/${ids.projectId}`,
    admin.form({ content: 'A zebu <img src=x onerror="window.__xss=1"> <b>bold</b> in the yard' }));
  assert.equal(r.status, 200, JSON.stringify(r.data));
});

/** The /api/search requests the page makes, as URLSearchParams. */
function watchSearches(page) {
  const seen = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname === '/api/search') seen.push(url.searchParams);
  });
  return seen;
}

const panel = (page) => page.locator('[data-testid=search-panel]');
const input = (page) => page.locator('[data-testid=search-input]');

async function typeInBox(page, text) {
  await input(page).fill('');
  await input(page).pressSequentially(text, { delay: 40 });
  await panel(page).locator('[data-testid=search-hit], [data-testid=search-empty]').first().waitFor();
}

describe('the top bar search box', () => {
  test('"/" focuses it, results come as one types (debounced), grouped by kind; ↓ Enter opens an article', async () => {
    const { page, context, errors } = await openPage(browser, stack.url);
    await signIn(page, stack.url, 'admin@demo.eu');
    const seen = watchSearches(page);
    // The box says which key focuses it: shown at its end while it waits, told to screen readers.
    const key = page.locator('[data-testid=search-key]');
    assert.ok(await key.isVisible());
    assert.equal(await key.textContent(), '/');
    assert.equal(await input(page).getAttribute('aria-keyshortcuts'), '/');
    assert.equal(await input(page).getAttribute('placeholder'), 'Search…');
    await page.keyboard.press('/');
    assert.equal(await page.evaluate(() => document.activeElement && document.activeElement.dataset.testid), 'search-input');
    assert.ok(await key.isHidden(), 'the key hint steps aside once the box is focused');
    await page.keyboard.type('methodology', { delay: 40 });
    await panel(page).locator('[data-testid=search-hit]').first().waitFor();
    // A loaded machine may pause after the first letter: its answer (prefixes match) shows hits before the word's
    // own request has gone out.
    await until(async () => seen.length > 0 && seen[seen.length - 1].get('q') === 'methodology', 'the word asked for');
    // Typed without a pause of 200 ms: one request for the word (a loaded machine may pause once or twice),
    // not one per key.
    const asked = seen.map((p) => p.get('q'));
    assert.equal(asked[asked.length - 1], 'methodology');
    assert.ok(asked.length <= 3 && asked.every((q) => 'methodology'.startsWith(q)), asked.join(' | '));
    const combo = input(page);
    assert.equal(await combo.getAttribute('role'), 'combobox');
    assert.equal(await combo.getAttribute('aria-expanded'), 'true');
    assert.equal(await combo.getAttribute('aria-controls'), 'search-listbox');
    assert.equal(await page.locator('#search-listbox').getAttribute('role'), 'listbox');
    const groups = await page.locator('[data-testid=search-group]').allTextContents();
    assert.ok(groups.some((g) => g.startsWith('Articles')), groups.join(' | '));
    assert.ok(groups.some((g) => g.startsWith('Items')), groups.join(' | '));
    assert.equal(await page.locator('[role=group][aria-labelledby]').count(), groups.length);
    const marked = await panel(page).locator('mark').allInnerTexts();
    assert.ok(marked.some((m) => /methodology/i.test(m)), marked.join(' | '));
    await shot(page, 'search-box');

    // ↓ to the first article: aria-activedescendant follows, Enter opens it in the reader.
    const kinds = await page.locator('[data-testid=search-hit]').evaluateAll((els) => els.map((e) => e.dataset.kind));
    const at = kinds.indexOf('article');
    for (let i = 0; i <= at; i += 1) await page.keyboard.press('ArrowDown');
    const activeId = await combo.getAttribute('aria-activedescendant');
    assert.equal(await page.locator(`#${activeId}`).getAttribute('aria-selected'), 'true');
    assert.equal(await page.locator(`#${activeId}`).getAttribute('data-kind'), 'article');
    const title = await page.locator(`#${activeId} [data-testid=search-hit-title]`).innerText();
    await page.keyboard.press('Enter');
    await page.locator('[data-testid=article-reader]').waitFor();
    assert.match(new URL(page.url()).pathname, /\/knowledge\/reader\/\d+$/);
    await page.locator('.kn-reader__title', { hasText: title }).waitFor();
    assert.equal(await panel(page).count(), 0);

    // Escape closes the list and keeps what was typed.
    await combo.focus();
    await typeInBox(page, 'lisbon');
    await page.keyboard.press('Escape');
    assert.equal(await panel(page).count(), 0);
    assert.equal(await combo.getAttribute('aria-expanded'), 'false');
    assert.equal(await combo.inputValue(), 'lisbon');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('"See all results" leads to the results page: facets, paging, the empty state', async () => {
    const { page, context, errors } = await openPage(browser, stack.url);
    await signIn(page, stack.url, 'admin@demo.eu');
    await input(page).focus();
    await typeInBox(page, 'lisbon');
    await page.keyboard.press('ArrowUp'); // from none, ↑ is the last option: 'See all results'
    assert.match(await page.locator('[aria-selected=true]').innerText(), /^See all \d+ results$/);
    await page.keyboard.press('Enter');
    await page.locator('[data-testid=result]').first().waitFor();
    const url = new URL(page.url());
    assert.equal(url.pathname, '/search');
    assert.equal(url.searchParams.get('q'), 'lisbon');
    const count = await page.locator('[data-testid=dt-count]').innerText();
    const total = Number(count.split(' ')[0]);
    assert.ok(total > 10, count);
    assert.equal(await page.locator('[data-testid=result]').count(), Math.min(total, 20));
    const kinds = await page.locator('[data-testid=result]').evaluateAll((els) => els.map((e) => e.dataset.kind));
    assert.ok(new Set(kinds).size > 1, kinds.join());
    await shot(page, 'search-page');

    // A facet: only references; its count is what the page then holds.
    const refCount = Number(await page.locator('[data-testid=facet-kind] label', { hasText: 'References' }).locator('.muted').innerText());
    await page.check('[data-testid=facet-kind-reference]');
    await page.waitForURL(/kind=reference/);
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid=result]').length === n
      && [...document.querySelectorAll('[data-testid=result]')].every((e) => e.dataset.kind === 'reference'), refCount);
    assert.match(await page.locator('[data-testid=dt-count]').innerText(), new RegExp(`^${refCount} result`));
    await page.uncheck('[data-testid=facet-kind-reference]');

    // Paging: 10 a page.
    await page.selectOption('[data-testid=dt-pagesize]', '10');
    await page.waitForURL(/perPage=10/);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=result]').length === 10);
    await page.click('[data-testid=dt-next]');
    await page.waitForURL(/page=2/);
    assert.match(await page.locator('[data-testid=dt-pageinfo]').innerText(), /^Page 2 of/);

    // Nothing found says what was searched.
    await page.fill('[data-testid=results-input]', 'zzqxv');
    await page.keyboard.press('Enter');
    await page.locator('[data-testid=results-empty]').waitFor();
    assert.equal(await page.locator('[data-testid=results-empty]').innerText(), 'No results for “zzqxv”');
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe('the results page on a phone', () => {
  test('the results come first; the filters fold behind a button that counts them', async () => {
    const { page, context, errors } = await openPage(browser, stack.url, { viewport: PHONE });
    await signIn(page, stack.url, 'admin@demo.eu');
    await page.goto(`${stack.url}/search?q=lisbon`);
    const first = page.locator('[data-testid=result]').first();
    await first.waitFor();
    const toggle = page.locator('[data-testid=facets-toggle]');
    assert.equal(await toggle.innerText(), 'Filters');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    assert.equal(await page.locator('[data-testid=facet-kind]').isVisible(), false);
    // The first hit is within the first screen, just below the query and the button.
    const top = (await first.boundingBox()).y;
    assert.ok(top < 300, `first result at ${top}px`);
    await checkScreen(page, 'search results (phone)');

    await toggle.click();
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    await page.locator('[data-testid=facet-kind]').waitFor();
    await checkScreen(page, 'search results, filters open (phone)');
    await page.check('[data-testid=facet-kind-reference]');
    await page.waitForURL(/kind=reference/);
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=result]')]
      .every((e) => e.dataset.kind === 'reference'));
    assert.equal(await toggle.innerText(), 'Filters (1)');
    await toggle.click();
    assert.equal(await page.locator('[data-testid=facet-kind]').isVisible(), false);
    await shot(page, 'search-page-phone');
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe('search in a module and what a hit opens', () => {
  test('"This project" limits the box to the project page\'s module', async () => {
    const { page, context, errors } = await openPage(browser, stack.url);
    await signIn(page, stack.url, 'admin@demo.eu');
    const seen = watchSearches(page);
    await page.goto(`${stack.url}/portal/${ids.portalId}/projects/${ids.projectId}`);
    await page.locator('[data-testid=module-view]').waitFor();
    // The top bar offers the portal, then the page's module once it has read it.
    const scope = page.locator('[data-testid=search-scope]', { hasText: 'This project' });
    await scope.waitFor();
    assert.equal(await scope.getAttribute('aria-pressed'), 'false');
    await input(page).focus();
    await typeInBox(page, 'survey');
    const everywhere = await page.locator('[data-testid=search-hit] .search__crumb').allInnerTexts();
    assert.ok(everywhere.some((c) => !c.includes('Lisbon')), everywhere.join(' | '));
    await scope.click();
    assert.equal(await scope.getAttribute('aria-pressed'), 'true');
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=search-hit] .search__crumb')]
      .every((e) => e.textContent.includes('Lisbon')));
    assert.equal(seen[seen.length - 1].get('module'), String(ids.projectId));
    await shot(page, 'search-scope');
    // The results page keeps the scope.
    await input(page).focus();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/search\?/);
    assert.equal(new URL(page.url()).searchParams.get('module'), String(ids.projectId));
    await page.locator('[data-testid=results-scope]', { hasText: 'Lisbon' }).waitFor();
    await page.locator('[data-testid=result]').first().waitFor();
    const crumbs = await page.locator('[data-testid=result-crumb]').allInnerTexts();
    assert.ok(crumbs.length && crumbs.every((c) => c.includes('Lisbon')), crumbs.join(' | '));
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a comment opens in its thread; markup in it is text', async () => {
    const { page, context, errors } = await openPage(browser, stack.url);
    await signIn(page, stack.url, 'admin@demo.eu');
    await input(page).focus();
    await typeInBox(page, 'zebu');
    const snippet = panel(page).locator('[data-testid=search-hit][data-kind=comment] .search__snippet');
    assert.match(await snippet.innerText(), /<img src=x onerror="window.__xss=1"> <b>bold<\/b>/);
    assert.equal(await panel(page).locator('img, b').count(), 0);
    assert.equal(await snippet.locator('mark').innerText(), 'zebu');
    await panel(page).locator('[data-testid=search-hit][data-kind=comment]').click();
    await page.waitForURL(/\/comments\?hit=comment-\d+$/);
    const target = page.locator('[data-hit-target]');
    await target.waitFor();
    assert.match(await target.innerText(), /A zebu <img/);
    assert.equal(await page.evaluate(() => window.__xss), undefined);
    await shot(page, 'search-comment');
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe('relevance in the box (issue 41)', () => {
  for (const [name, viewport] of [['desktop', { width: 1366, height: 900 }], ['phone', PHONE]]) {
    test(`${name}: a word exact in an article shows it in its group, a click opens it; a typo is read as the word meant`, async () => {
      const { page, context, errors } = await openPage(browser, stack.url, { viewport });
      await signIn(page, stack.url, 'admin@demo.eu');
      await input(page).focus();
      // 'prefabricate' stands once, exactly, in an article; a dozen other items hold 'prefabricated'.
      await typeInBox(page, 'prefabricate');
      const articles = panel(page).locator('[role=group][aria-labelledby=search-group-article] [data-testid=search-hit]');
      await articles.first().waitFor();
      assert.equal(await articles.first().locator('[data-testid=search-hit-title]').innerText(), 'Phase 0: what to survey');
      const groups = await page.locator('[data-testid=search-group]').allTextContents();
      assert.ok(groups.length >= 3, groups.join(' | '));
      for (const kind of ['module', 'reference', 'value', 'article']) {
        const n = await panel(page).locator(`[data-testid=search-hit][data-kind=${kind}]`).count();
        assert.ok(n >= 1 && n <= 3, `${kind}: ${n}`);
      }
      assert.match(await panel(page).locator('[data-testid=search-all]').innerText(), /^See all \d[\d,]*\+? results$/);
      await checkScreen(page, `search box open (${name})`);
      await shot(page, `search-box-relevance-${name}`);
      await articles.first().click();
      await page.locator('[data-testid=article-reader]').waitFor();
      await page.locator('.kn-reader__title', { hasText: 'Phase 0: what to survey' }).waitFor();

      // A typo: nothing holds 'renovaton', so the box says it searched 'renovation' and shows those hits.
      await input(page).focus();
      await typeInBox(page, 'renovaton');
      assert.equal(await panel(page).locator('[data-testid=search-corrected]').innerText(), 'Showing results for “renovation”');
      const marked = await panel(page).locator('mark').allInnerTexts();
      assert.ok(marked.length && marked.every((m) => /^renovation/i.test(m)), marked.join(' | '));
      await checkScreen(page, `search box, a typo read (${name})`);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});
