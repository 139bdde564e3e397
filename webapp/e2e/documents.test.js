/* Browser tests of issue 47, documents: a four-page PDF uploaded in the Files tab is read and thumbnailed by the
   worker (the row's thumbnail appears without a reload); a word of its third page, searched, finds the file with
   "Page 3"; the hit opens the file's preview at page 3 (the browser's own viewer, framed without a sandbox
   attribute, served by its ticket under a no-script policy); a text file shows in a sandboxed frame, an SVG only
   as a download. At 1366×800 and 390×844, axe on every state reached. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { checkScreen } from './a11y.js';
import { openPage, shot, signIn, until } from './browser.js';
import { ROOT } from './servers.js';
import { apiToken, apiUpload, useDemo } from './vault-helpers.js';

const WIDTHS = [['desktop', { width: 1366, height: 800 }], ['phone', { width: 390, height: 844 }]];

const t = useDemo();

/** A Word document of two paragraphs (python-docx in the project's Python). */
function docxWith(words) {
  const script = ['import io, sys, docx', 'd = docx.Document()', `d.add_heading('Site visit', 1)`,
    `d.add_paragraph('${words}')`, 'out = io.BytesIO()', 'd.save(out)', 'sys.stdout.buffer.write(out.getvalue())'].join('\n');
  const r = spawnSync(path.join(ROOT, '.venv', 'bin', 'python'), ['-c', script], { maxBuffer: 1 << 24 });
  if (r.status !== 0) throw new Error(String(r.stderr));
  return r.stdout;
}

/** A PDF of four pages, `word` on the third (made by fpdf2 in the project's Python, as the API tests make them). */
function pdfWith(word) {
  const script = [
    'import sys', 'from fpdf import FPDF', 'pdf = FPDF()', "pdf.set_font('helvetica', size=14)",
    `for text in ['Work package 2 report', 'Survey methods', 'Findings: ${word} insulation panels', 'Annex']:`,
    '    pdf.add_page()', '    pdf.multi_cell(0, 8, text)', 'sys.stdout.buffer.write(bytes(pdf.output()))',
  ].join('\n');
  const r = spawnSync(path.join(ROOT, '.venv', 'bin', 'python'), ['-c', script], { maxBuffer: 1 << 24 });
  if (r.status !== 0) throw new Error(String(r.stderr));
  return r.stdout;
}

async function open(viewport, where) {
  const { page, context, errors } = await openPage(t.browser, t.stack.url, { timeout: 20000, viewport });
  await signIn(page, t.stack.url, 'sofia@demo.eu');
  await page.goto(`${t.stack.url}${where}`);
  return { page, context, errors };
}

const rowOf = (page, title) => page.locator('[data-testid=files-table] tbody tr', { hasText: title });

/** Upload through the Files tab's dialog, as a person does; the row then waits for the worker's thumbnail. */
async function uploadPdf(page, title, bytes) {
  await page.click('[data-testid=upload-file]');
  await page.fill('#upload-title', title);
  await page.setInputFiles('#upload-file', { name: `${title}.pdf`, mimeType: 'application/pdf', buffer: bytes });
  await page.click('[data-testid=upload-submit]');
  const row = rowOf(page, title);
  await row.waitFor();
  // The worker reads it within seconds; the table polls while the text is pending.
  await row.locator('[data-testid=file-thumb-img]').waitFor({ timeout: 60000 });
  return row;
}

describe('documents: search inside files and previews', () => {
  for (const [label, viewport] of WIDTHS) {
    test(`a PDF's third page is found and opens at that page (${label})`, async () => {
      const word = `zeolite${label}`;
      const files = `/portal/${t.ids.portal}/projects/${t.ids.lisbon}/files`;
      const { page, context, errors } = await open(viewport, files);
      await page.locator('[data-testid=file-row]').first().waitFor();
      const row = await uploadPdf(page, `WP2 findings ${label}`, pdfWith(word));
      const thumb = row.locator('[data-testid=file-thumb-img]');
      assert.ok(await thumb.evaluate((img) => img.complete && img.naturalWidth > 0), 'the thumbnail is drawn');
      await shot(page, `documents-files-${label}`);
      await checkScreen(page, `documents: the files table with a thumbnail (${label})`);

      await page.goto(`${t.stack.url}/search?q=${word}`);
      const hit = page.locator('[data-testid=result][data-kind=file]', { hasText: `WP2 findings ${label}` });
      await hit.waitFor();
      assert.equal((await hit.getByTestId('result-page').innerText()).trim(), 'Page 3');
      assert.match(await hit.innerText(), new RegExp(word));
      await shot(page, `documents-search-${label}`);
      await checkScreen(page, `documents: a hit inside a PDF (${label})`);
      if (label === 'desktop') { // the file type filter (on a phone it sits in the folded filters)
        await page.getByTestId('facet-fileType').selectOption('image');
        await page.getByTestId('result').first().waitFor({ state: 'detached' });
        assert.match(page.url(), /fileType=image/);
        await page.getByTestId('facet-fileType').selectOption('pdf');
        await hit.waitFor();
      }

      const served = page.waitForResponse((r) => r.url().includes('/api/vault/preview/'));
      await hit.getByTestId('result-link').click();
      const pane = page.getByTestId('preview-pane');
      await pane.waitFor();
      assert.equal(await pane.getAttribute('data-mode'), 'pdf');
      const frame = pane.getByTestId('preview-pdf');
      assert.match(await frame.getAttribute('src'), /^\/api\/vault\/preview\/\d+\/\d+\?t=[^#]+#page=3$/);
      assert.equal(await frame.getAttribute('sandbox'), null, "the browser's PDF viewer refuses a sandboxed frame");
      const res = await served;
      const list = await res.headersArray();
      const all = (name) => list.filter((h) => h.name.toLowerCase() === name).map((h) => h.value);
      assert.equal(res.status(), 200);
      assert.deepEqual(all('content-type'), ['application/pdf']);
      assert.deepEqual(all('x-content-type-options'), ['nosniff']);
      // The preview's own policy alone (nginx adds not the webapp's): no script, not framed elsewhere.
      assert.deepEqual(all('content-security-policy'), ["default-src 'none'; script-src 'none'; object-src 'self'; "
        + "frame-src 'self'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'"]);
      assert.match((all('content-disposition'))[0], /^inline/);
      await page.waitForTimeout(2500); // the viewer draws (no event of it reaches the page)
      await shot(page, `documents-preview-${label}`);
      await checkScreen(page, `documents: the PDF preview at page 3 (${label})`);
      await page.getByTestId('preview-close').click();
      await until(async () => (await page.getByTestId('preview-pane').count()) === 0, 'the pane closed');
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  test('a text file shows in a sandboxed frame, a Word file as its text, an SVG only as a download (desktop)', async () => {
    const token = await apiToken(t.stack, 'sofia@demo.eu');
    await apiUpload(t.stack, token, t.ids.lisbon, 'Visit minutes', 'minutes.docx', docxWith('Moisture found behind the kitchen tiles.'));
    await apiUpload(t.stack, token, t.ids.lisbon, 'Field notes', 'field-notes.txt', Buffer.from('Humidity 61 %, walls dry.'));
    await apiUpload(t.stack, token, t.ids.lisbon, 'Facade drawing', 'facade.svg',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'));
    const { page, context, errors } = await open(WIDTHS[0][1], `/portal/${t.ids.portal}/projects/${t.ids.lisbon}/files`);
    await rowOf(page, 'Field notes').locator('[data-testid=file-open]').click();
    const text = page.getByTestId('preview-text-frame');
    await text.waitFor();
    assert.equal(await text.getAttribute('sandbox'), '');
    await until(async () => /Humidity 61/.test(await page.frameLocator('[data-testid=preview-text-frame]').locator('body').innerText().catch(() => '')),
      'the text shows in its frame');
    await checkScreen(page, 'documents: a text file previewed');
    await page.getByTestId('preview-close').click();
    // A Word file: the text the worker read from it (the table polls until it is read).
    await rowOf(page, 'Visit minutes').locator('[data-testid=file-open]').click();
    await until(async () => /Moisture found behind the kitchen tiles/.test(
      await page.getByTestId('preview-text').innerText().catch(() => '')), 'the Word text shows', 60000);
    assert.equal(await page.getByTestId('preview-pane').getAttribute('data-mode'), 'office');
    await checkScreen(page, 'documents: a Word file shown as its text');
    await page.getByTestId('preview-close').click();
    await rowOf(page, 'Facade drawing').locator('[data-testid=file-open]').click();
    await page.getByTestId('preview-none').waitFor();
    assert.equal(await page.getByTestId('preview-pane').locator('iframe, img').count(), 0, 'an SVG is never drawn');
    assert.equal(await page.getByTestId('preview-download').count(), 1);
    await checkScreen(page, 'documents: an SVG offers only its download');
    assert.deepEqual(errors, []);
    await context.close();
  });
});
