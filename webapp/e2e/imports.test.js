/* Browser tests of issue 46, imports: portal settings → Import. A CSV work plan (a bad first row named by its row
   number, then the fixed file: its mapping by header with a column mapped by hand, a dry run's counts, the import's
   progress bar and report, the imported project opened); the Redmine form, whose private address is refused in the
   form (422); the portal archive downloaded as a ZIP and, by a superuser, imported as a new portal from the
   platform's list. At 1366×800 and 390×844, axe on every state reached. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { checkScreen } from './a11y.js';
import { openPage, shot, signIn } from './browser.js';
import { apiAs } from './outbox.js';
import { useDemo } from './vault-helpers.js';

const WIDTHS = [['desktop', { width: 1366, height: 800 }], ['phone', { width: 390, height: 844 }]];

const t = useDemo(async (ctx) => {
  ctx.sofia = await apiAs(ctx.stack.url, 'sofia@demo.eu');
});

const HEADER = 'Name,WBS,Owner,Start,Deadline,Predecessors,Remarks';
/** A work plan of six rows with WBS codes; `deadline` is the first row's deadline. */
const plan = (label, deadline) => [
  HEADER,
  `Retrofit plan ${label},1,sofia@demo.eu,2026-01-05,${deadline},,The whole plan`,
  `Survey ${label},1.1,sofia@demo.eu,2026-01-05,2026-02-27,,On site`,
  `Design ${label},1.2,,2026-03-02,2026-05-29,1.1FS+2,`,
  `Works ${label},1.3,,2026-06-01,2026-11-30,,`,
  `Permit ${label},1.3.1,,2026-06-01,2026-07-31,,`,
  `Build ${label},1.3.2,,2026-08-03,2026-11-30,1.3.1FS,`,
].join('\n');

async function open(viewport, path, who = 'sofia@demo.eu') {
  const { page, context, errors } = await openPage(t.browser, t.stack.url, { timeout: 20000, viewport });
  await signIn(page, t.stack.url, who);
  await page.goto(`${t.stack.url}${path}`);
  return { page, context, errors };
}

/**
 * Jobs answered as running, half done, while `hold.on` (the POST that starts one and the reads of it): the worker
 * may finish a six-row plan before the page shows it, and the progress screen is checked as it stands. Released,
 * the next read is the server's own answer.
 */
async function holdRunning(page) {
  const hold = { on: true };
  await page.route(/\/api\/import\/(\d+|spreadsheet\/\d+)$/, async (route) => {
    if (!hold.on) return route.continue();
    const res = await route.fetch();
    const body = await res.json().catch(() => null);
    const job = body && body.item;
    if (!job || job.dryRun) return route.fulfill({ response: res });
    const links = { self: job.links.self, ...(job.links.cancel ? { cancel: job.links.cancel } : {}) };
    return route.fulfill({ response: res, json: { item: { ...job, state: 'RUNNING', phase: 'writing', done: 3, total: 6, links } } });
  });
  return hold;
}

/** Choose a CSV in the spreadsheet tab (made here) and wait for its columns. */
async function chooseCsv(page, name, text) {
  await page.getByTestId('spreadsheet-file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
  await page.getByTestId('column-mapping').waitFor();
}

async function spreadsheet(page, label) {
  await page.getByTestId('import-tabs').getByRole('link', { name: 'Spreadsheet' }).click();
  await page.getByTestId('import-spreadsheet').waitFor();
  await checkScreen(page, `imports: the spreadsheet tab (${label})`);

  // The bad first row: the dry run names row 2, nothing written.
  await chooseCsv(page, `plan-bad-${label}.csv`, plan(label, 'someday'));
  const select = (header) => page.getByRole('combobox', { name: `Import the column ${header} as` });
  assert.equal(await select('WBS').inputValue(), 'wbs', 'mapped by its header');
  assert.equal(await select('Name').inputValue(), 'name');
  await page.getByTestId('import-dry-run').click();
  const error = page.locator('[data-testid=import-error][data-row="2"]');
  await error.waitFor();
  assert.match(await page.getByTestId('import-report').innerText(), /Nothing was imported/);
  await checkScreen(page, `imports: the rows in error (${label})`);
  await shot(page, `imports-errors-${label}`);

  // The fixed file: a column mapped by hand, the dry run's counts.
  await chooseCsv(page, `plan-${label}.csv`, plan(label, '2026-11-30'));
  await select('Remarks').selectOption('description');
  await checkScreen(page, `imports: the column mapping (${label})`);
  await shot(page, `imports-mapping-${label}`);
  await page.getByTestId('import-dry-run').click();
  const counts = page.getByTestId('import-counts');
  await counts.waitFor();
  assert.match(await page.getByTestId('import-report').innerText(), /Dry run: nothing was written/);
  assert.match(await counts.locator('[data-kind=modules]').innerText(), /6/);
  await checkScreen(page, `imports: the dry run's counts (${label})`);

  // The import: its progress, then its report and the imported project.
  const hold = await holdRunning(page);
  await page.getByTestId('import-run').click();
  const bar = page.getByRole('progressbar', { name: 'Import progress' });
  await bar.waitFor();
  assert.equal(await bar.getAttribute('aria-valuenow'), '50');
  await checkScreen(page, `imports: the progress bar (${label})`);
  hold.on = false;
  await page.locator('[data-testid=import-report][data-state=DONE]').waitFor();
  assert.match(await page.getByTestId('import-report').innerText(), /Import finished/);
  await checkScreen(page, `imports: the report (${label})`);
  await shot(page, `imports-report-${label}`);
  // The imported project: its phase on its first tab, its tasks on theirs.
  await page.getByTestId('import-open').click();
  await page.locator('main').getByRole('link', { name: `Works ${label}` }).waitFor();
  await page.locator('main').getByRole('link', { name: 'Tasks', exact: true }).click();
  await page.getByText(`Survey ${label}`).first().waitFor();
}

async function redmine(page, label) {
  await page.getByTestId('import-tabs').getByRole('link', { name: 'Redmine' }).click();
  await page.getByTestId('redmine-connect').waitFor();
  await checkScreen(page, `imports: the Redmine form (${label})`);
  await page.getByLabel('Redmine address').fill('http://127.0.0.1:9/');
  await page.getByLabel('API key').fill('0123456789abcdef');
  await page.getByLabel('Project identifier').fill('renovation');
  const answer = page.waitForResponse((r) => /\/api\/import\/redmine\/probe\//.test(r.url()));
  await page.getByTestId('redmine-probe').click();
  assert.equal((await answer).status(), 422, 'a private address is refused');
  // The form says it failed; the address's field says why.
  await page.getByTestId('redmine-error').waitFor();
  const why = page.getByTestId('redmine-url-error');
  await why.waitFor();
  assert.match(await why.innerText(), /private|loopback/i);
  assert.equal(await page.getByLabel('Redmine address').getAttribute('aria-invalid'), 'true');
  await checkScreen(page, `imports: a Redmine address refused (${label})`);
}

async function archive(page, label) {
  await page.getByTestId('import-tabs').getByRole('link', { name: 'Portal archive' }).click();
  await page.getByTestId('import-archive').waitFor();
  await checkScreen(page, `imports: the archive tab (${label})`);
  const response = page.waitForResponse((r) => /\/api\/import\/archive\/\d+$/.test(r.url()) && r.request().method() === 'GET');
  const download = page.waitForEvent('download');
  await page.getByTestId('archive-export').click();
  const res = await response;
  assert.equal(res.status(), 200);
  assert.match(res.headers()['content-type'], /^application\/zip/);
  assert.match((await download).suggestedFilename(), /\.zip$/);
  await page.getByTestId('archive-saved').waitFor();
}

describe('imports', () => {
  for (const [label, viewport] of WIDTHS) {
    test(`a CSV work plan, the Redmine form and the portal archive (${label})`, async () => {
      const base = `/portal/${t.ids.portal}/settings`;
      const { page, context, errors } = await open(viewport, base);
      await page.getByRole('link', { name: 'Import', exact: true }).click();
      await page.getByTestId('import-page').waitFor();
      await redmine(page, label);
      await archive(page, label);
      await spreadsheet(page, label);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  test('a superuser imports a portal archive as a new portal from the platform\'s list', async () => {
    // The demo portal's archive, as its admin downloads it (the list's export_archive link).
    const list = (await t.sofia.get(`/api/import/list/${t.ids.portal}`)).data;
    const res = await fetch(`${t.stack.url}${list.links.export_archive.url}`, { headers: { Authorization: `Bearer ${t.sofia.token}` } });
    assert.equal(res.status, 200);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imports-e2e-'));
    const file = path.join(dir, 'portal.zip');
    fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));

    const admin = await apiAs(t.stack.url, 'admin@demo.eu');
    const root = (await admin.get('/api/meta/platforms')).data.list.find((p) => p.platform === '4rineu');
    const { page, context, errors } = await open(WIDTHS[0][1], `/v2/4rineu/${root.id}`, 'admin@demo.eu');
    await page.getByTestId('import-portal').click();
    const dialog = page.getByRole('dialog', { name: 'Import a portal' });
    await dialog.getByTestId('import-portal-file').setInputFiles(file);
    await checkScreen(page, 'imports: import a portal');
    await dialog.getByTestId('import-portal-submit').click();
    const report = dialog.getByTestId('import-report');
    await report.waitFor({ timeout: 120000 });
    assert.equal(await report.getAttribute('data-state'), 'DONE', await dialog.innerText());
    await checkScreen(page, 'imports: a portal imported');
    await dialog.getByTestId('import-open').click();
    await page.waitForURL(/\/portal\/\d+$/);
    assert.deepEqual(errors, []);
    await context.close();
    fs.rmSync(dir, { recursive: true, force: true });

    // Sofia (no superuser) is not offered it: the root's view (when she may read it) has no import_portal link.
    const seen = await t.sofia.get(`/api/module/view/${root.id}`);
    assert.ok(!(seen.data && seen.data.item && seen.data.item.links && seen.data.item.links.import_portal), JSON.stringify(seen.status));
  });
});
