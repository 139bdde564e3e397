/* Text people write may hold a word wider than its box: an address, a file name, a compound word. Wherever such a
   text is shown (names, titles, descriptions, comments, files, references, articles, the feed, search hits), at
   desktop, laptop, tablet and phone widths, it breaks inside its box: the text stays on screen and nothing scrolls sideways.
   Before, a search for such a word made the results page 1,199 px wide on a phone, and a task named so pushed
   its header and its phase's list off the screen. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DESKTOP, LAPTOP, PHONE, TABLET, assertNoOverflow } from './a11y.js';
import { openPage, signIn } from './browser.js';
import { apiAs } from './outbox.js';
import { apiGet, apiSubmit, apiToken, apiUpload, useDemo } from './vault-helpers.js';

const WORD = 'Energieeinsparverordnungsdurchführungsbestimmungsanforderungen';
const LONG = WORD.repeat(2);
const ADDRESS = 'https://www.example.org/renovation/deliverables/D4.2-thermal-bridge-assessment-north-facade-final-'
  + 'version-2026-11-26.pdf?download=true&session=abcdef0123456789';

const t = useDemo(async ({ stack, ids }) => {
  const { token, lisbon } = ids;
  const admin = await apiAs(stack.url, 'admin@demo.eu');
  // A form posted directly (a comment, an article, spec §7): its item, or throw.
  const post = async (url, fields) => {
    const res = await admin.post(url, admin.form(fields));
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.data)}`);
    return res.data.item;
  };
  // A person's name may be long too: Marco, who owns Lisbon and its phases.
  await apiSubmit(stack, await apiToken(stack, 'marco@demo.eu'), '/api/profile/edit', { name: `Marco ${WORD}` });
  const project = (await apiGet(stack, token, `/api/module/view/${lisbon}`)).item;
  ids.phase = project.children.find((c) => c.type === '4rineu_phase').id;
  ids.task = (await apiSubmit(stack, token, `/api/module/add/${ids.phase}/4rineu_task`,
    { name: LONG, description: `See ${ADDRESS} ${LONG}` })).id;
  ids.project = (await apiSubmit(stack, token, `/api/module/add/${ids.portal}/4rineu_project`,
    { name: LONG, description: ADDRESS })).id;
  await post(`/api/comment/add/${lisbon}`, { title: LONG, content: `Look at ${ADDRESS}` });
  await apiUpload(stack, token, lisbon, '', `${LONG}.pdf`, 'hello');
  // The reference form comes as its add link's described form (with its _token).
  const form = JSON.parse((await apiGet(stack, token, `/api/reference/add/${lisbon}`)).forms[0]);
  await post(form.action, {
    title: LONG, description: ADDRESS, url: ADDRESS, resourceType: 'LINK',
    _token: form.elements.find((e) => e.name === '_token').value,
  });
  const content = JSON.stringify({
    blocks: [{ key: 'a', text: `${LONG} ${ADDRESS}`, type: 'unstyled', depth: 0, inlineStyleRanges: [], entityRanges: [] }],
    entityMap: {},
  });
  ids.article = (await post(`/api/article/add/${lisbon}`, { title: LONG.slice(0, 100), content })).id;
});

/** [screen, url, the box that shows the long word (the projects' tree is hidden on a tablet or a phone)]. */
const SCREENS = () => {
  const p = `/portal/${t.ids.portal}`;
  const lisbon = `${p}/projects/${t.ids.lisbon}`;
  return [
    ['portal home (project card)', p, '.card__title'],
    ['projects browser (tree, cards)', `${p}/projects`, '.tree__name:visible, .card__title'],
    ['project page (name, description)', `${p}/projects/${t.ids.project}`, 'h1.mh__title'],
    ['project page (its owner)', `${p}/projects/${t.ids.lisbon}`, '[data-testid=strip-owner]'],
    ['phase (its tasks)', `${lisbon}/phases/${t.ids.phase}`, '.childlist__name'],
    ['task overlay (name, description)', `${lisbon}/phases/${t.ids.phase}/tasks/${t.ids.task}`, '.overlay .overlay h1.mh__title, .peek h1.mh__title'],
    ['comments (title, author)', `${lisbon}/comments`, '.dc-comment__title'],
    ['editors (a member)', `${lisbon}/editors`, '.member-user'],
    ['files (title)', `${lisbon}/files`, '.vault-title'],
    ['references (title, description)', `${lisbon}/references`, '.vault-title'],
    ['knowledge (article title)', `${lisbon}/knowledge`, '.kn-row__title'],
    ['article reader', `${lisbon}/knowledge/reader/${t.ids.article}`, 'h1, h2'],
    ['all tasks', `${p}/tasks-all`, '.childlist__name'],
    ['activity (feed)', `${p}/activity`, '.feed__body'],
    ['search results', `/search?q=${encodeURIComponent(WORD)}`, '.results__hit'],
  ];
};

/** The box showing the long word is on screen, whole, and nothing scrolls sideways. */
async function assertFits(page, screen, selector) {
  const box = page.locator(selector, { hasText: WORD.slice(0, 30) }).first();
  await box.waitFor();
  const r = await box.boundingBox();
  const width = page.viewportSize().width;
  assert.ok(r.x >= 0 && r.x + r.width <= width + 1, `${screen}: '${selector}' spans ${Math.round(r.x)}..${Math.round(r.x + r.width)} in ${width} px`);
  await assertNoOverflow(page, screen);
}

describe('long words', () => {
  for (const [width, viewport] of [['desktop', DESKTOP], ['laptop', LAPTOP], ['tablet', TABLET], ['phone', PHONE]]) {
    test(`break inside their boxes (${width})`, async () => {
      const { page, context, errors } = await openPage(t.browser, t.stack.url, { viewport, timeout: 15000 });
      try {
        await signIn(page, t.stack.url, 'admin@demo.eu');
        for (const [screen, url, selector] of SCREENS()) {
          await page.goto(t.stack.url + url);
          if (selector.includes('strip-owner')) { // below 1,000 px the properties are collapsed under the name
            const details = page.locator('[data-testid=properties] details');
            await details.waitFor({ state: 'attached' });
            if (!(await details.evaluate((d) => d.open))) await page.getByTestId('props-toggle').click();
          }
          await assertFits(page, `${screen} (${width})`, selector);
        }
        // The top bar's search list while typing: '/' focuses the box.
        await page.goto(`${t.stack.url}/portal/${t.ids.portal}/projects/${t.ids.lisbon}`);
        await page.locator('[data-testid=user-menu]').waitFor();
        await page.keyboard.press('/');
        await page.keyboard.type(WORD.slice(0, 24));
        await assertFits(page, `top bar search (${width})`, '.search__option');
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    });
  }
});
