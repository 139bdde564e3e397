/* Browser tests of the discussion: comment, reply (indented 32px), edit own, delete with and without
 * replies (tombstone), the reply box rules, failure text, rights, the 30 s refresh keeping drafts, and files
 * attached to comments (kept in the module's vault). */
import fs from 'node:fs';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, shot, signIn, useStack } from './browser.js';
import { PHONE, checkScreen } from './a11y.js';
import { apiAs, lisbon } from './outbox.js';

let stack;
let browser;
let ids;

useStack(async (s, b) => {
  stack = s;
  browser = b;
  ids = await lisbon(await apiAs(stack.url, 'sofia@demo.eu'));
});

function newPage() {
  return openPage(browser, stack.url);
}

const DATE = /^\d{1,2}(st|nd|rd|th) [A-Z][a-z]{2} \d{4} @ \d\d:\d\d$/;
const commentsUrl = () => `${stack.url}/portal/${ids.portalId}/projects/${ids.projectId}/comments`;
const byText = (page, text) => page.locator('[data-testid=comment]', {
  has: page.locator(':scope > [data-testid=comment-body]', { hasText: text }),
});

const filesUrl = () => `${stack.url}/portal/${ids.portalId}/projects/${ids.projectId}/files`;
const DESKTOP = { width: 1366, height: 800 };

describe('discussion', () => {
  for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
    test(`files attached to a comment and a reply: chips, links that download, and the Files tab (${size})`, async () => {
      const { page, context, errors } = await openPage(browser, stack.url, { viewport });
      await signIn(page, stack.url, 'sofia@demo.eu');
      await page.goto(commentsUrl());
      // Listening before the key press: Playwright turns on the browser's file chooser interception asynchronously.
      const chosen = new Promise((resolve) => { page.once('filechooser', resolve); });
      const box = page.locator('[data-testid=new-comment]');
      await box.locator('textarea').focus();
      await box.locator('textarea').fill(`Minutes attached (${size})`);
      // 'Attach files' is a real file input: reached by Tab from the text, opened with Space.
      const input = box.getByLabel('Attach files');
      assert.equal(await input.getAttribute('type'), 'file');
      assert.equal(await input.evaluate((el) => el.multiple), true);
      await page.keyboard.press('Tab');
      assert.equal(await input.evaluate((el) => el === document.activeElement), true, 'Tab reaches Attach files');
      await page.keyboard.press('Space');
      const chooser = await chosen;
      const minutes = Buffer.from(`Minutes of the site meeting (${size})\n`.repeat(20));
      await chooser.setFiles([
        { name: `minutes-${size}.txt`, mimeType: 'text/plain', buffer: minutes },
        { name: `wrong-${size}.txt`, mimeType: 'text/plain', buffer: Buffer.from('not this one') },
      ]);
      const chips = box.locator('[data-testid=attach-chip]');
      assert.equal(await chips.count(), 2);
      assert.match(await chips.first().innerText(), new RegExp(`minutes-${size}\\.txt\\s*${minutes.length} Bytes`));
      await shot(page, `discussion-attach-chips-${size}`);
      await checkScreen(page, `comment with file chips (${size})`);
      await box.getByRole('button', { name: `Remove wrong-${size}.txt` }).click();
      assert.equal(await chips.count(), 1);
      await box.getByRole('button', { name: 'Post Reply' }).click();

      const posted = byText(page, `Minutes attached (${size})`);
      const files = posted.locator(':scope > [data-testid=comment-body] [data-testid=comment-attachment]');
      await files.first().waitFor();
      assert.equal(await files.count(), 1);
      assert.match(await files.first().innerText(), new RegExp(`minutes-${size}\\.txt\\s*${minutes.length} Bytes`));
      assert.match(await posted.locator(':scope > [data-testid=comment-body] [data-testid=comment-attachments]').innerText(),
        /kept in the module.s Files/);
      assert.equal(await box.locator('[data-testid=attach-chip]').count(), 0, 'the chips go with the posted comment');

      // The link downloads the same bytes through the vault (HTTP 200).
      const link = files.first().locator('a');
      const [download, response] = await Promise.all([
        page.waitForEvent('download'),
        page.waitForResponse((r) => r.url().includes('/api/vault/download/')),
        link.click(),
      ]);
      assert.equal(response.status(), 200);
      assert.equal(download.suggestedFilename(), `minutes-${size}.txt`);
      assert.ok(fs.readFileSync(await download.path()).equals(minutes), 'the downloaded bytes are the uploaded ones');

      // A reply carries a file too.
      await posted.locator(':scope > [data-testid=comment-body] [data-testid=comment-reply]').click();
      const rbox = posted.locator('[data-testid=comment-reply-box]');
      await rbox.locator('textarea').fill(`Photo of the facade (${size})`);
      await rbox.getByLabel('Attach files').setInputFiles({ name: `facade-${size}.png`, mimeType: 'image/png', buffer: Buffer.from([137, 80, 78, 71]) });
      await rbox.locator('[data-testid=attach-chip]').waitFor();
      await rbox.getByRole('button', { name: 'Post Reply' }).click();
      const reply = byText(page, `Photo of the facade (${size})`);
      await reply.locator('[data-testid=comment-attachment]', { hasText: `facade-${size}.png` }).waitFor();
      await checkScreen(page, `comments with attachments (${size})`);
      await shot(page, `discussion-attachments-${size}`);

      // Both files are vault files: the Files tab lists them.
      await page.goto(filesUrl());
      const table = page.locator('[data-testid=files-table]');
      await table.locator('tbody tr', { hasText: `minutes-${size}.txt` }).waitFor();
      await table.locator('tbody tr', { hasText: `facade-${size}.png` }).waitFor();
      assert.equal(await table.locator('tbody tr', { hasText: `wrong-${size}.txt` }).count(), 0, 'a removed chip is never uploaded');
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  test('a file the vault refuses (413) stays as a chip that says why; a viewer has no Attach files', async () => {
    const { page, context } = await openPage(browser, stack.url, { viewport: DESKTOP });
    await signIn(page, stack.url, 'sofia@demo.eu');
    await page.goto(commentsUrl());
    const box = page.locator('[data-testid=new-comment]');
    await box.locator('textarea').focus();
    await box.locator('textarea').fill('This one is too big');
    await page.route('**/api/vault/upload/**', (r) => r.fulfill({ status: 413, contentType: 'application/json',
      body: JSON.stringify({ error: 'The upload is too large (limit 25 MB)' }) }));
    await box.getByLabel('Attach files').setInputFiles({ name: 'huge.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(64) });
    await box.getByRole('button', { name: 'Post Reply' }).click();
    const chip = box.locator('[data-testid=attach-chip]');
    assert.equal(await chip.locator('[data-testid=attach-error]').innerText(), 'The upload is too large (limit 25 MB)');
    await box.getByText('A file could not be uploaded').waitFor();
    assert.equal(await byText(page, 'This one is too big').count(), 0, 'nothing was posted');
    await checkScreen(page, 'comment with a refused file');
    await page.unroute('**/api/vault/upload/**');
    await context.close();

    // Viktor views and comments, but may not upload: no Attach files, in the new-comment box or a reply box.
    const viewer = await openPage(browser, stack.url, { viewport: DESKTOP });
    await signIn(viewer.page, stack.url, 'viktor@demo.eu');
    await viewer.page.goto(commentsUrl());
    const vbox = viewer.page.locator('[data-testid=new-comment]');
    await vbox.locator('textarea').focus();
    await vbox.getByRole('button', { name: 'Post Reply' }).waitFor();
    assert.equal(await vbox.getByLabel('Attach files').count(), 0);
    await viewer.page.locator('[data-testid=comment-reply]').first().click();
    await viewer.page.locator('[data-testid=comment-reply-box]').waitFor();
    assert.equal(await viewer.page.locator('[data-testid=comment-reply-box]').getByLabel('Attach files').count(), 0);
    await viewer.context.close();
  });

  for (const [size, viewport] of [['desktop', undefined], ['phone', PHONE]]) {
    test(`a comment's light formatting and mention render safely (${size})`, async () => {
      const sofia = await apiAs(stack.url, 'sofia@demo.eu');
      const me = (await sofia.get('/api/profile/currentuser')).data.item;
      const { page, context, errors } = await openPage(browser, stack.url, { viewport });
      await signIn(page, stack.url, 'sofia@demo.eu');
      await page.goto(commentsUrl());
      const box = page.locator('[data-testid=new-comment]');
      await box.locator('textarea').focus();
      await box.locator('[data-testid=format-hint]').waitFor();
      const text = `**Bold ${size}** see [the plan](https://example.org/plan), \`code\` and [bad](javascript:alert(1)) ` +
        `<b>raw</b> cc @[${me.name}](user:${me.id})`;
      await box.locator('textarea').fill(text);
      await box.getByRole('button', { name: 'Post Reply' }).click();
      const shown = byText(page, `Bold ${size}`).locator(':scope > [data-testid=comment-body] [data-testid=comment-text]');
      await shown.locator('strong', { hasText: `Bold ${size}` }).waitFor();
      const link = shown.locator('a', { hasText: 'the plan' });
      assert.equal(await link.getAttribute('href'), 'https://example.org/plan');
      assert.match(await link.getAttribute('rel'), /noopener/);
      assert.equal(await shown.locator('code', { hasText: 'code' }).count(), 1);
      assert.equal(await shown.locator('a', { hasText: 'bad' }).count(), 0, 'a javascript: link stays text');
      assert.equal(await shown.locator('b').count(), 0, 'typed HTML stays text');
      assert.equal(await shown.locator('[data-testid=mention]').innerText(), `@${me.name}`);
      assert.ok(!(await shown.innerText()).includes('@['), 'no raw mention token');
      await checkScreen(page, `comment with formatting (${size})`);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  test('comment, reply indented 32px, edit own, delete with and without replies', async () => {
    const { page, context, errors } = await newPage();
    await signIn(page, stack.url, 'sofia@demo.eu');
    await page.goto(commentsUrl());
    await page.locator('[data-testid=comment]').first().waitFor();
    // The heading and its count read as two words ('Comments 3 comments', not 'Comments3 comments').
    const heading = await page.locator('.dc__head h2').boundingBox();
    const count = await page.locator('[data-testid=comment-count]').boundingBox();
    assert.ok(count.x - (heading.x + heading.width) >= 8, `the count is ${count.x - heading.x - heading.width}px from the heading`);
    // The demo thread: replies sit 32px to the right of their parent.
    const demoReply = page.locator('[data-testid=comment][data-depth="1"]').first();
    await demoReply.waitFor();

    // The reply box opens on focus; Post Reply is disabled while empty; Cancel clears it.
    const box = page.locator('[data-testid=new-comment]');
    assert.equal(await box.getByRole('button', { name: 'Post Reply' }).count(), 0, 'closed before focus');
    await box.locator('textarea').focus();
    const post = box.getByRole('button', { name: 'Post Reply' });
    await post.waitFor();
    assert.equal(await post.isDisabled(), true);
    await box.locator('textarea').fill('   ');
    assert.equal(await post.isDisabled(), true, 'blank text cannot be posted');
    await box.locator('textarea').fill('Something to throw away');
    assert.equal(await post.isDisabled(), false);
    await box.getByRole('button', { name: 'Cancel' }).click();
    assert.equal(await box.locator('textarea').inputValue(), '');
    assert.equal(await box.getByRole('button', { name: 'Post Reply' }).count(), 0);

    // A new comment.
    await box.locator('textarea').focus();
    await box.locator('textarea').fill('E2E first comment\non two lines');
    await box.getByRole('button', { name: 'Post Reply' }).click();
    await byText(page, 'E2E first comment').waitFor();
    const firstId = await byText(page, 'E2E first comment').getAttribute('data-comment-id');
    const first = page.locator(`[data-testid=comment][data-comment-id="${firstId}"]`);
    assert.equal(await box.locator('textarea').inputValue(), '', 'the box is cleared after posting');
    const head = first.locator(':scope > [data-testid=comment-body]');
    assert.equal(await head.locator('[data-testid=comment-author]').innerText(), 'Sofia Marques');
    assert.match(await head.locator('[data-testid=comment-date]').innerText(), DATE);
    assert.equal(await head.locator('[data-testid=comment-text]').innerText(), 'E2E first comment\non two lines');

    // A reply, indented 32px.
    await head.locator('[data-testid=comment-reply]').click();
    const rbox = first.locator('[data-testid=comment-reply-box]');
    await rbox.waitFor();
    assert.equal(await rbox.locator('textarea').evaluate((el) => el === document.activeElement), true, 'the reply box has focus');
    assert.equal(await rbox.getByRole('button', { name: 'Post Reply' }).isDisabled(), true);
    await rbox.locator('textarea').fill('E2E reply');
    await rbox.getByRole('button', { name: 'Post Reply' }).click();
    const reply = byText(page, 'E2E reply');
    await reply.waitFor();
    assert.equal(await reply.getAttribute('data-depth'), '1');
    const px = await page.evaluate(([a, b]) => {
      const x = (sel) => document.querySelector(sel).getBoundingClientRect().left;
      return x(`[data-comment-id="${b}"] > [data-testid=comment-body]`) - x(`[data-comment-id="${a}"] > [data-testid=comment-body]`);
    }, [firstId, await reply.getAttribute('data-comment-id')]);
    assert.equal(px, 32);
    await shot(page, 'discussion-thread');

    // Edit own reply through its server form.
    const rbody = reply.locator(':scope > [data-testid=comment-body]');
    await rbody.locator('[data-testid=comment-edit]').click();
    const dialog = page.locator('.modal');
    await dialog.locator('textarea').waitFor();
    assert.equal(await dialog.locator('textarea').inputValue(), 'E2E reply');
    await dialog.locator('textarea').fill('E2E reply, edited');
    await shot(page, 'discussion-edit');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await byText(page, 'E2E reply, edited').waitFor();
    await byText(page, 'E2E reply, edited').locator('.dc-comment__edited').waitFor();

    // Delete without replies: gone after the confirmation.
    await box.locator('textarea').focus();
    await box.locator('textarea').fill('E2E lonely comment');
    await box.getByRole('button', { name: 'Post Reply' }).click();
    const lonely = byText(page, 'E2E lonely comment');
    await lonely.waitFor();
    await lonely.locator(':scope > [data-testid=comment-body] [data-testid=comment-delete]').click();
    await page.getByText('PLEASE CAREFUL WHEN DELETING ENTRIES.').waitFor();
    await page.getByText('ARE YOU SURE YOU WANT TO DELETE THIS.').waitFor();
    await page.click('.modal button.btn--danger');
    await lonely.waitFor({ state: 'detached' });

    // A failed delete says so.
    await page.route('**/api/comment/delete/**', (r) => r.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"x"}' }));
    await head.locator('[data-testid=comment-delete]').click();
    await page.click('.modal button.btn--danger');
    await page.getByText('There has been error deleting the comment. Please try again').waitFor();
    await page.click('.modal button:has-text("Cancel")');
    await page.unroute('**/api/comment/delete/**');

    // Delete with replies: a tombstone keeps the thread readable.
    await head.locator('[data-testid=comment-delete]').click();
    await page.click('.modal button.btn--danger');
    const tomb = first.locator(':scope > [data-testid=comment-body] [data-testid=comment-tombstone]');
    await tomb.waitFor();
    assert.equal(await tomb.innerText(), 'This comment has been deleted.');
    assert.equal(await first.locator(':scope > [data-testid=comment-body] [data-testid=comment-author]').count(), 0);
    await byText(page, 'E2E reply, edited').waitFor();
    await shot(page, 'discussion-tombstone');
    // Deleting the last reply removes the tombstone too.
    await byText(page, 'E2E reply, edited').locator(':scope > [data-testid=comment-body] [data-testid=comment-delete]').click();
    await page.click('.modal button.btn--danger');
    await first.waitFor({ state: 'detached' });
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('edit and delete only where the links are', async () => {
    const marco = await apiAs(stack.url, 'marco@demo.eu');
    const r = await marco.post(`/api/comment/add/${ids.projectId}`, marco.form({ title: '', content: 'Marco says hello' }));
    assert.equal(r.status, 200);
    const { page, context } = await newPage();
    await signIn(page, stack.url, 'viktor@demo.eu');
    await page.goto(commentsUrl());
    const c = byText(page, 'Marco says hello');
    await c.waitFor();
    const body = c.locator(':scope > [data-testid=comment-body]');
    assert.equal(await body.locator('[data-testid=comment-edit]').count(), 0);
    assert.equal(await body.locator('[data-testid=comment-delete]').count(), 0);
    assert.equal(await body.locator('[data-testid=comment-reply]').count(), 1, 'a viewer may reply');
    await context.close();
  });

  test('with the live stream down, a new comment of another user appears within one refresh; drafts stay', async () => {
    const { page, context, errors } = await newPage();
    await page.clock.install();
    // The stream cannot open (nginx unreachable, say): the 30-second refresh of spec §4 is the fallback.
    await page.route('**/live/**', (r) => r.abort());
    await signIn(page, stack.url, 'sofia@demo.eu');
    await page.goto(commentsUrl());
    const target = byText(page, 'Marco says hello');
    await target.waitFor();
    await page.locator('[data-testid=live-state]', { hasText: 'Refreshing every 30 s' }).waitFor();
    // A draft in the new-comment box and one in a reply box.
    const box = page.locator('[data-testid=new-comment] textarea');
    await box.focus();
    await box.fill('My unfinished thought');
    await target.locator(':scope > [data-testid=comment-body] [data-testid=comment-reply]').click();
    const rbox = target.locator('[data-testid=comment-reply-box] textarea');
    await rbox.fill('Half a reply');

    const marco = await apiAs(stack.url, 'marco@demo.eu');
    await marco.post(`/api/comment/add/${ids.projectId}`, marco.form({ title: '', content: 'Fresh news from Marco' }));
    await page.clock.runFor(20000);
    await page.waitForTimeout(500);
    assert.equal(await byText(page, 'Fresh news from Marco').count(), 0, 'not before the refresh');
    await page.clock.runFor(10500);
    await byText(page, 'Fresh news from Marco').waitFor();
    assert.equal(await box.inputValue(), 'My unfinished thought');
    assert.equal(await rbox.inputValue(), 'Half a reply');
    await shot(page, 'discussion-refresh');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('threads come a page at a time, newest first; Show older adds the next page, and the refresh keeps it', async () => {
    const sofia = await apiAs(stack.url, 'sofia@demo.eu');
    const madrid = (await sofia.get(`/api/module/list/${ids.portalId}`)).data.list.find((k) => /Madrid/.test(k.name));
    const post = (client, content, url = `/api/comment/add/${madrid.id}`) => client.post(url, client.form({ title: '', content }));
    const firstPost = await post(sofia, 'Paged thread 01');
    assert.equal(firstPost.status, 200);
    const reply = await post(sofia, 'A reply deep in the oldest thread', firstPost.data.item.links.reply.url);
    assert.equal(reply.status, 200);
    for (let i = 2; i <= 25; i += 1) await post(sofia, `Paged thread ${String(i).padStart(2, '0')}`);
    const total = (await sofia.get(`/api/discussion/list/${madrid.id}?perPage=1`)).data.meta.total;
    assert.ok(total >= 25 && total <= 39, `${total} threads`);

    const { page, context, errors } = await newPage();
    await page.clock.install();
    await signIn(page, stack.url, 'sofia@demo.eu');
    await page.goto(`${stack.url}/portal/${ids.portalId}/projects/${madrid.id}/comments`);
    const roots = page.locator('[data-testid=comment-thread] > [data-testid=comment]');
    await roots.first().waitFor();
    assert.equal(await roots.count(), 20);
    assert.match(await roots.first().locator(':scope > [data-testid=comment-body] [data-testid=comment-text]').innerText(), /Paged thread 25/);
    assert.equal(await byText(page, 'Paged thread 01').count(), 0, 'the oldest thread is on the next page');
    assert.equal(await page.locator('[data-testid=comments-left]').innerText(), `${total - 20} more threads`);

    await page.click('[data-testid=comments-more]');
    await byText(page, 'Paged thread 01').waitFor();
    assert.equal(await roots.count(), total);
    const deep = byText(page, 'A reply deep in the oldest thread');
    assert.equal(await deep.getAttribute('data-depth'), '1', 'a thread comes with its replies');
    assert.equal(await page.locator('[data-testid=comments-more]').count(), 0);
    await shot(page, 'discussion-pages');

    // 30 s later the refresh reads both pages again: Marco's new thread on top, the oldest still shown
    const marco = await apiAs(stack.url, 'marco@demo.eu');
    await post(marco, 'Paged thread 26 from Marco');
    await page.clock.runFor(30500);
    await byText(page, 'Paged thread 26 from Marco').waitFor();
    assert.match(await roots.first().innerText(), /Paged thread 26 from Marco/);
    assert.equal(await byText(page, 'Paged thread 01').count(), 1);
    assert.equal(await roots.count(), total + 1);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
