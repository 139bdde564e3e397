/* Browser tests of issue 43: the pseudo-locale walk over every route (a visible text that is neither from the
   catalogs nor from the data is a string left out), the language picker (login page and profile; kept on the
   account, so it follows the person to another browser; <html lang>), the login page's first load, and axe in
   every language. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { checkScreen } from './a11y.js';
import { openPage, signIn } from './browser.js';
import { firstLoadFiles, gzipped, textOf } from './bundle.js';
import { apiGet, apiSubmit, apiToken, useDemo } from './vault-helpers.js';

const DESKTOP = { width: 1366, height: 800 };
const t = useDemo(async ({ stack, ids }) => {
  ids.sofia = await apiToken(stack, 'sofia@demo.eu');
  const phases = (await apiGet(stack, ids.sofia, `/api/module/list/${ids.lisbon}`)).list;
  ids.phase = phases[0] && phases[0].id;
});

// What is neither catalog text nor data: names of brands and languages, Roman numerals, e-mail addresses, and what
// moment and Intl write in the pseudo-locale (it formats dates as British English).
const MONTHS = 'January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec';
const DAYS = 'Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Mon|Tue|Wed|Thu|Fri|Sat|Sun';
const ALLOWED = [
  /\S+@\S+/g,
  new RegExp(`\\b(${DAYS})\\b|\\b\\d+(st|nd|rd|th)?\\s+(${MONTHS})\\b|\\b(${MONTHS})\\b|\\bat \\d\\d:\\d\\d(:\\d\\d)?\\b|\\b(UTC|GMT)\\b`, 'g'),
  /\b(a few seconds|seconds|a minute|minutes|an hour|hours|a day|days|a month|months|a year|years) ago\b|\bin (a few seconds|\d+ \w+)\b/g,
  /\b(4RinEU|Calibr|PEB|English|Deutsch|Français|Italiano|Español|Português|Pseudo|Gantt|[IVX]+|KB|MB|GB|PDF|CSV|XML|ICS|URL|API|ID|HTTP|Esc|Escape|Enter|Space|Ctrl|Shift|Tab|Alt|Cmd|H1|H2|H3)\b/g,
];

/** Every string in the API's JSON answers the page received (the data, and the server's own texts). */
function collectData(page) {
  const data = new Set();
  const add = (v) => {
    if (typeof v === 'string') { if (v.trim()) data.add(v.trim()); } else if (Array.isArray(v)) v.forEach(add);
    else if (v && typeof v === 'object') Object.values(v).forEach(add);
  };
  // (each answer's body is read after it arrived: `settled()` waits for those still being read, so a slow machine
  // never reads the page before the data it shows)
  const reading = new Set();
  page.on('response', (res) => {
    if (!/\/api\/|\/json\/|hosts\.json/.test(res.url())) return;
    const done = res.json().then(add, () => { /* not JSON */ }).finally(() => reading.delete(done));
    reading.add(done);
  });
  data.settled = () => Promise.all([...reading]);
  return data;
}

/** The visible texts of the page (text nodes, and the labels people hear: aria-label, title, placeholder, alt). */
function visibleTexts(page) {
  return page.evaluate(() => {
    const out = [];
    const shown = (el) => el && el.checkVisibility && el.checkVisibility({ visibilityProperty: true, opacityProperty: false });
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.nodeValue.trim();
      const el = n.parentElement;
      if (!text || !el || el.closest('script,style,noscript,[contenteditable=true],.public-DraftEditor-content,.rich-text,.article-body,.comment__text,textarea')) continue;
      if (shown(el)) out.push(text);
    }
    for (const el of document.querySelectorAll('[aria-label],[title],[placeholder],img[alt]')) {
      if (!shown(el) && !el.matches('[role=dialog],[role=region],nav,main,aside,section')) continue;
      for (const a of ['aria-label', 'title', 'placeholder', 'alt']) {
        const v = el.getAttribute(a);
        if (v && v.trim()) out.push(v.trim());
      }
    }
    return out;
  });
}

/** What of `text` is neither pseudo-locale text, data, numbers nor allowed words (null: all accounted for). */
function leftover(text, data) {
  const lower = text.toLowerCase();
  // A piece of a datum (a highlighted hit, a lowercased type label, a host name shown without https://).
  if (data.lower.some((d) => d.includes(lower))) return null;
  // Data first (whole, longest first: a datum may hold a numeral or a brand), then what is allowed.
  let rest = lower;
  for (const d of data.lower.filter((x) => x.length > 2 && rest.includes(x)).sort((a, b) => b.length - a.length)) rest = rest.split(d).join(' ');
  rest = ALLOWED.reduce((r, re) => r.replace(new RegExp(re.source, `${re.flags}i`), ' '), rest);
  return /[a-z]{2,}/.test(rest) ? text : null;
}

/** Visit each of `paths` (a path, or [path, act]: `act(page)` opens a menu or a dialog there) and collect what is
 *  left out of the catalogs. */
async function walk(page, data, paths) {
  const found = [];
  for (const entry of paths) {
    const [p, act] = Array.isArray(entry) ? entry : [entry, null];
    await page.goto(`${t.stack.url}${p}`);
    await page.locator('#main, main').first().waitFor();
    await page.waitForTimeout(700); // lazy tabs and their reads
    if (act) {
      await act(page);
      await page.waitForTimeout(300);
    }
    await data.settled();
    const known = { lower: [...data].map((d) => d.toLowerCase()) };
    for (const text of await visibleTexts(page)) {
      const bad = leftover(text, known);
      if (bad) found.push(`${p}: ${JSON.stringify(bad)}`);
    }
  }
  return [...new Set(found)];
}

describe('nothing left behind', () => {
  test('the pseudo-locale walk: every visible text of every route is from the catalogs or from the data', async () => {
    const { page, context, errors } = await openPage(t.browser, t.stack.url, { timeout: 15000, viewport: DESKTOP });
    await context.addInitScript(() => window.localStorage.setItem('language', 'pseudo'));
    const data = collectData(page);
    const out = await walk(page, data, ['/login', '/forgot-password', '/disclaimer', '/about', '/reset-password?token=x']);
    await signIn(page, t.stack.url, 'sofia@demo.eu');
    const { portal, lisbon, phase } = t.ids;
    const base = `/portal/${portal}`;
    const project = `${base}/projects/${lisbon}`;
    out.push(...await walk(page, data, [
      '/', base, `${base}/projects`, `${base}/${lisbon}`,
      ...['phases', 'tasks', 'knowledge', 'files', 'references', 'comments', 'metric', 'feed', 'gantt-chart', 'editors', 'clone']
        .map((tab) => `${project}/${tab}`),
      `${base}/module/${phase}`, `${base}/metrics`, `${base}/tasks-all`, `${base}/activity`,
      ...['users', 'templates', 'custom-fields', 'articles', 'files', 'feed', 'webhooks', 'planning']
        .map((tab) => `${base}/settings/${tab}`),
      '/profile', '/search?q=survey', '/notifications', '/no-such-page',
      // Menus and dialogs: the user menu, the shortcuts, the status menu, an add dialog.
      [`${project}/phases`, (pg) => pg.getByTestId('user-menu').click()],
      [`${project}/phases`, (pg) => pg.keyboard.press('?')],
      [`${project}/phases`, (pg) => pg.locator('[data-testid=props-status] [data-testid=status-badge]').click()],
      [`${project}/phases`, async (pg) => {
        await pg.locator('.childlist [data-testid^=add-]').first().click();
        await pg.getByRole('dialog').locator('input[name=name]').waitFor();
      }],
    ]));
    assert.deepEqual(out, [], `texts not from the catalogs:\n${out.join('\n')}`);
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe('what the login page loads first', () => {
  test('in English: within 10 KB gzipped of what it loaded before the languages (79.8 KB), catalogs included', async () => {
    const files = firstLoadFiles();
    const code = files.map(textOf).join('\n');
    // The English catalogs of the signed-out pages, as the loaders preloaded with the entry name them.
    const catalogs = [...code.matchAll(/"\.\.\/locales\/en\/(common|auth|format)\.json":[^`]*`\.\/([\w-]+\.js)`/g)].map((m) => `assets/${m[2]}`);
    assert.equal(catalogs.length, 3, 'the signed-out namespaces the login page needs');
    const all = [...files, ...catalogs];
    const total = all.reduce((n, f) => n + gzipped(f), 0);
    console.log(`figure: the login page's first load in English: ${(total / 1024).toFixed(1)} KB gzipped in ${all.length} files (79.8 KB before issue 43)`);
    assert.ok(total <= (79.8 + 10) * 1024, `${total} bytes`);
  });
});

describe('choosing a language', () => {
  test('picked on the login page, kept on the account: it follows the person to another browser and past a sign-out', async () => {
    const first = await openPage(t.browser, t.stack.url, { timeout: 15000, viewport: DESKTOP });
    const { page } = first;
    await page.goto(`${t.stack.url}/login`);
    await page.getByLabel('Language').selectOption('de');
    await page.getByRole('heading', { name: 'Anmelden' }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'de');
    await checkScreen(page, 'i18n: login page (de)');
    await page.fill('#login-username', 'lars@demo.eu');
    await page.fill('#login-password', 'demo1234');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.waitForSelector('[data-testid=user-menu]');
    const lars = await apiToken(t.stack, 'lars@demo.eu');
    for (let i = 0; i < 50 && (await apiGet(t.stack, lars, '/api/profile/currentuser')).item.language !== 'de'; i += 1) await page.waitForTimeout(100);
    assert.equal((await apiGet(t.stack, lars, '/api/profile/currentuser')).item.language, 'de');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'de');
    await checkScreen(page, 'i18n: home (de)');
    await first.context.close();

    // Another browser (nothing stored), whose own language is English: the login page in English, then German.
    const second = await openPage(t.browser, t.stack.url, { timeout: 15000, viewport: DESKTOP });
    await second.page.goto(`${t.stack.url}/login`);
    await second.page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await signIn(second.page, t.stack.url, 'lars@demo.eu');
    await second.page.waitForFunction(() => document.documentElement.lang === 'de');
    // Changed in the profile: the app switches, and the account keeps it.
    await second.page.goto(`${t.stack.url}/profile`);
    const profile = second.page.locator('form').filter({ has: second.page.locator('select[name=language]') });
    await profile.locator('select[name=language]').selectOption('fr');
    await profile.locator('button[type=submit]').click();
    await second.page.waitForFunction(() => document.documentElement.lang === 'fr');
    for (let i = 0; i < 50 && (await apiGet(t.stack, lars, '/api/profile/currentuser')).item.language !== 'fr'; i += 1) await second.page.waitForTimeout(100);
    assert.equal((await apiGet(t.stack, lars, '/api/profile/currentuser')).item.language, 'fr');
    await checkScreen(second.page, 'i18n: profile (fr)');
    // Signed out, this browser still speaks French.
    await second.page.goto(`${t.stack.url}/logout`);
    await second.page.getByRole('heading', { name: 'Se connecter' }).waitFor();
    await second.context.close();
    const me = (await apiGet(t.stack, lars, '/api/profile/currentuser')).item;
    await apiSubmit(t.stack, lars, '/api/profile/edit', { name: me.name, language: '' }, 'PUT');
  });

  for (const language of ['en', 'de', 'fr', 'it', 'es', 'pt']) {
    test(`the login page in ${language}: axe finds nothing serious`, async () => {
      const { page, context } = await openPage(t.browser, t.stack.url, { timeout: 15000, viewport: DESKTOP });
      await page.goto(`${t.stack.url}/login?lang=${language}`);
      await page.locator('#login-username').waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.lang), language);
      await checkScreen(page, `i18n: login (${language})`);
      await context.close();
    });
  }
});

describe('every language on the everyday screens', () => {
  // The screens people work in, in each language: longer words (German, French) must neither break the layout
  // nor hide a control, and axe finds nothing serious. The account's language is set, as a person would.
  for (const language of ['de', 'fr', 'it', 'es', 'pt']) {
    test(`project, tasks, Gantt, files, members and settings in ${language}`, async () => {
      const sofia = t.ids.sofia;
      const me = (await apiGet(t.stack, sofia, '/api/profile/currentuser')).item;
      await apiSubmit(t.stack, sofia, '/api/profile/edit', { name: me.name, language }, 'PUT');
      const { page, context, errors } = await openPage(t.browser, t.stack.url, { timeout: 15000, viewport: DESKTOP });
      await signIn(page, t.stack.url, 'sofia@demo.eu');
      await page.waitForFunction((l) => document.documentElement.lang === l, language);
      const project = `/portal/${t.ids.portal}/projects/${t.ids.lisbon}`;
      for (const [path, ready] of [[`${project}/phases`, '[data-testid=module-view]'], [`${project}/gantt-chart`, '.gantt'],
        [`${project}/files`, '[data-testid=module-view]'], [`${project}/editors`, '[data-testid=module-view]'],
        [`/portal/${t.ids.portal}/tasks-all`, 'main'], ['/profile', 'main']]) {
        await page.goto(`${t.stack.url}${path}`);
        await page.locator(ready).first().waitFor();
        await page.waitForTimeout(400);
        await checkScreen(page, `i18n: ${path.split('/').pop()} (${language})`);
      }
      assert.deepEqual(errors, []);
      await context.close();
      await apiSubmit(t.stack, sofia, '/api/profile/edit', { name: me.name, language: '' }, 'PUT');
    });
  }
});
