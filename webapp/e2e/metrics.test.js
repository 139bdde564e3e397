/* Browser tests of the metrics dashboard and the custom fields settings page, in Debian's Chromium. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { LAPTOP, PHONE, TABLET, brokenWords, checkScreen } from './a11y.js';
import { shot, signIn, useStack } from './browser.js';
import { apiGet, apiToken, demoIds } from './vault-helpers.js';

let stack;
let browser;
let ids;

useStack(async (s, b) => {
  stack = s;
  browser = b;
  ids = await demoIds(stack);
});

async function open(email, path, viewport = { width: 1500, height: 1000 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.setDefaultTimeout(15000);
  await signIn(page, stack.url, email);
  await page.goto(`${stack.url}${path}`);
  return { page, context };
}

const panel = (page, title) => page.locator('[data-testid=metric-panel]', { has: page.locator('[data-testid=metric-title]', { hasText: title }) });

async function reportOf(email, moduleId) {
  const token = await apiToken(stack, email);
  return (await apiGet(stack, token, `/api/report/list/${moduleId}`)).item;
}

describe('metrics dashboard', () => {
  test('the demo dashboard; add a metric, change its panel type, resize it (kept after reload), delete it', async () => {
    const { page, context } = await open('sofia@demo.eu', `/portal/${ids.portal}/metrics`);
    try {
      await page.locator('[data-testid=metric-panel]').first().waitFor();
      assert.equal(await page.locator('[data-testid=metric-panel]').count(), 8);
      // a pie of the energy classes, drawn on a canvas of 300 x 300
      const pie = panel(page, 'Energy class of the demo cases').locator('[data-testid=metric-pie] canvas');
      await pie.waitFor();
      const box = await pie.boundingBox();
      assert.ok(Math.abs(box.width - box.height) < 2 && box.width <= 301 && box.width > 150, JSON.stringify(box));
      // numbers from the aggregated values: (2,400,000 + 1,450,000 + 860,000) / 3
      assert.equal(await panel(page, 'Average budget').locator('.metric-number__value').innerText(), '€1,570,000');
      assert.equal(await panel(page, 'Smallest budget').locator('.metric-number__value').innerText(), '€860,000');
      assert.equal(await panel(page, 'Largest budget').locator('.metric-number__value').innerText(), '€2,400,000');
      await panel(page, 'Budget per demo case').locator('[data-testid=metric-bar] canvas').waitFor();
      await panel(page, 'Energy saving by phase').locator('[data-testid=metric-table] tbody tr').first().waitFor();
      assert.equal(await panel(page, 'Average budget').getAttribute('data-bg-color'), 'blue');
      await page.waitForTimeout(300);
      await shot(page, 'metrics-dashboard');

      // add a metric through the dialog (the selects are optional: no bgColor chosen)
      await page.click('[data-testid=add-metric]');
      const dialog = page.locator('[role=dialog]');
      await dialog.locator('[name=title]').fill('Hours on tasks');
      await dialog.locator('[name=description]').fill('Summed over the tasks');
      await dialog.locator('[name=attribute]').selectOption('hours_spent');
      await dialog.locator('[name=panelType]').selectOption('tot');
      await shot(page, 'metrics-add-dialog');
      await dialog.locator('button[type=submit]').click();
      await dialog.waitFor({ state: 'detached' });
      const added = panel(page, 'Hours on tasks');
      await added.locator('.metric-number__value').waitFor();
      assert.match(await added.locator('.metric-number__value').innerText(), /^[\d,]+ h$/);
      assert.equal(await page.locator('[data-testid=metric-panel]').count(), 9);

      // change its panel type to a bar chart and its colour through the configuration dialog
      await added.locator('[data-testid=metric-configure]').click();
      assert.equal(await dialog.locator('[name=title]').inputValue(), 'Hours on tasks');
      await dialog.locator('[name=panelType]').selectOption('bar');
      await dialog.locator('[name=bgColor]').selectOption('yellow');
      await dialog.locator('button[type=submit]').click();
      await dialog.waitFor({ state: 'detached' });
      assert.equal(await added.getAttribute('data-panel-type'), 'bar');
      assert.equal(await added.getAttribute('data-bg-color'), 'yellow');
      await added.locator('[data-testid=metric-bar] canvas').waitFor();

      // resize it by its handle, then move it by its title: the layout is saved and kept after a reload
      const id = await added.getAttribute('data-metric-id');
      const item = page.locator(`[data-testid=grid-item][data-metric-id="${id}"]`);
      await item.scrollIntoViewIfNeeded();
      await page.waitForTimeout(300); // the grid's transitions
      const before = await item.boundingBox();
      await item.hover();
      const handle = item.locator('.react-resizable-handle');
      const hb = await handle.boundingBox();
      await page.mouse.move(hb.x + hb.width / 2, hb.y + hb.height / 2);
      await page.mouse.down();
      await page.mouse.move(hb.x + 200, hb.y + 120, { steps: 12 });
      await page.mouse.move(hb.x + 260, hb.y + 230, { steps: 12 });
      await page.mouse.up();
      await page.locator('[data-testid=layout-status]', { hasText: 'Layout saved' }).waitFor();
      await page.waitForTimeout(300);
      const grown = await item.boundingBox();
      assert.ok(grown.width > before.width + 100 && grown.height > before.height + 100, JSON.stringify([before, grown]));
      let saved = JSON.parse((await reportOf('sofia@demo.eu', ids.portal)).layout).find((it) => it.i === id);
      assert.ok(saved.w > 3 && saved.h > 4, JSON.stringify(saved));
      const head = added.locator('.metric-panel__drag');
      const db = await head.boundingBox();
      await page.mouse.move(db.x + 20, db.y + 10);
      await page.mouse.down();
      await page.mouse.move(db.x + 20, db.y - 150, { steps: 10 });
      await page.mouse.move(db.x + 20, db.y - 400, { steps: 10 });
      await page.mouse.up();
      await page.waitForTimeout(400);
      saved = JSON.parse((await reportOf('sofia@demo.eu', ids.portal)).layout).find((it) => it.i === id);
      await page.reload();
      await item.waitFor();
      await item.scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
      const after = await item.boundingBox();
      assert.ok(Math.abs(after.width - grown.width) < 3 && Math.abs(after.height - grown.height) < 3, JSON.stringify([grown, after]));
      const fresh = JSON.parse((await reportOf('sofia@demo.eu', ids.portal)).layout).find((it) => it.i === id);
      assert.deepEqual(fresh, saved);
      await shot(page, 'metrics-resized');

      // delete it, with confirmation
      await added.locator('[data-testid=metric-delete]').click();
      await page.locator('[role=dialog] button', { hasText: 'Delete' }).click();
      await added.waitFor({ state: 'detached' });
      assert.equal(await page.locator('[data-testid=metric-panel]').count(), 8);
      assert.equal((await reportOf('sofia@demo.eu', ids.portal)).metrics.length, 8);
    } catch (e) {
      await shot(page, 'metrics-failed');
      throw e;
    } finally {
      await context.close();
    }
  });

  test('the metric tab of a project; a viewer sees the panels but no edit controls', async () => {
    const { page, context } = await open('viktor@demo.eu', `/portal/${ids.portal}/metrics`);
    try {
      await page.locator('[data-testid=metric-panel]').first().waitFor();
      assert.equal(await page.locator('[data-testid=metric-panel]').count(), 8);
      await panel(page, 'Energy class of the demo cases').locator('[data-testid=metric-pie] canvas').waitFor();
      assert.equal(await page.locator('[data-testid=add-metric]').count(), 0);
      assert.equal(await page.locator('[data-testid=metric-configure]').count(), 0);
      assert.equal(await page.locator('[data-testid=metric-delete]').count(), 0);
      // no visible resize handle, no drag cursor
      assert.equal(await page.locator('.react-resizable-handle:visible').count(), 0);
      assert.equal(await page.locator('.metrics-grid--editable').count(), 0);
      await shot(page, 'metrics-viewer');
      // a project's tab: an empty report, with nothing to add for a viewer
      await page.goto(`${stack.url}/portal/${ids.portal}/projects/${ids.lisbon}/metric`);
      await page.locator('[data-testid=metrics-dashboard]').waitFor();
      assert.match(await page.locator('[data-testid=metrics-dashboard] .empty').innerText(), /No metrics yet/);
      assert.equal(await page.locator('[data-testid=add-metric]').count(), 0);
    } finally {
      await context.close();
    }
  });

  test('on a phone the panels stack in one column, in the layout\'s reading order, whole', async () => {
    const { page, context } = await open('sofia@demo.eu', `/portal/${ids.portal}/metrics`, PHONE);
    try {
      await page.locator('[data-testid=metric-panel]').first().waitFor();
      await panel(page, 'Energy class of the demo cases').locator('[data-testid=metric-pie] canvas').waitFor();
      // Each item keeps the grid's own placement in its inline style (translate(x, y)), which the phone's CSS overrides.
      const boxes = await page.locator('[data-testid=grid-item]').evaluateAll((els) => els.map((el) => {
        const r = el.getBoundingClientRect();
        const [x, y] = (el.style.transform.match(/-?[\d.]+/g) || [0, 0]).map(Number);
        const value = el.querySelector('.metric-number__value');
        return { id: el.dataset.metricId, x, y, top: r.top, bottom: r.bottom, width: r.width, clipped: value ? value.scrollWidth > value.clientWidth : false };
      }));
      const reading = [...boxes].sort((a, b) => a.y - b.y || a.x - b.x).map((b) => b.id);
      assert.ok(new Set(boxes.map((b) => b.x)).size > 1, 'the grid places panels side by side');
      const shown = [...boxes].sort((a, b) => a.top - b.top);
      assert.deepEqual(shown.map((b) => b.id), reading);
      for (let n = 0; n < shown.length; n += 1) {
        assert.ok(shown[n].width > 330, `panel ${shown[n].id} is ${shown[n].width}px wide`);
        assert.equal(shown[n].clipped, false, `panel ${shown[n].id}'s number is cut off`);
        if (n) assert.ok(shown[n].top >= shown[n - 1].bottom, `panel ${shown[n].id} overlaps the one above`);
      }
      await checkScreen(page, 'metrics (phone)');
      await shot(page, 'metrics-phone');
    } finally {
      await context.close();
    }
  });

  test('on a tablet a narrow panel fits its number, and its table is cards, each label above its value', async () => {
    const { page, context } = await open('sofia@demo.eu', `/portal/${ids.portal}/metrics`, TABLET);
    try {
      await page.locator('[data-testid=metric-panel] .metric-number__value').first().waitFor();
      // the grid's 12 columns leave a number panel about 175 px (34 px type cut '€1,570,000' to '€1,570,00')
      const numbers = await page.locator('.metric-number__value').evaluateAll((els) => els.map((el) => ({
        text: el.textContent, fits: el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().right <= el.closest('.metric-panel__body').getBoundingClientRect().right,
      })));
      assert.ok(numbers.some((n) => n.text === '€1,570,000'), JSON.stringify(numbers));
      assert.ok(numbers.every((n) => n.fits), JSON.stringify(numbers));
      const table = panel(page, 'Energy saving by phase');
      const cell = table.locator('tbody tr').first().locator('td').first();
      await cell.waitFor();
      const card = await cell.evaluate((td) => {
        const r = td.getBoundingClientRect();
        const body = td.closest('.metric-panel__body').getBoundingClientRect();
        return { label: td.dataset.label, direction: getComputedStyle(td).flexDirection, inside: r.left >= body.left && r.right <= body.right, width: r.width };
      });
      assert.deepEqual([card.label, card.direction, card.inside], ['Item', 'column', true], JSON.stringify(card));
      await checkScreen(page, 'metrics (tablet)');
      await shot(page, 'metrics-tablet');
    } finally {
      await context.close();
    }
  });

  test('at 1,024 px a narrow panel puts its tools above its title, which breaks no word', async () => {
    const { page, context } = await open('sofia@demo.eu', `/portal/${ids.portal}/metrics`, LAPTOP);
    try {
      await panel(page, 'Average budget').locator('.metric-number__value').waitFor();
      // the grid lays its panels out at 1,280 px, then at its measured width, and eases them there (200 ms)
      await page.waitForFunction(() => {
        const width = document.querySelector('[data-testid=metric-panel]').getBoundingClientRect().width;
        const still = window.panelWidth === width;
        window.panelWidth = width;
        return still;
      }, null, { polling: 100 });
      // Beside the tools a title had 63 px of a 147 px panel, and read 'Averag e…'.
      const titles = await page.locator('[data-testid=metric-title]').evaluateAll((els) => els.map((el) => ({
        title: el.textContent, width: el.getBoundingClientRect().width, room: el.closest('.metric-panel__head').clientWidth - 24,
      })));
      const narrow = titles.filter((t) => t.room < 200);
      assert.ok(narrow.some((t) => t.title === 'Average budget'), JSON.stringify(titles));
      assert.ok(narrow.every((t) => t.width >= t.room - 1), JSON.stringify(narrow));
      assert.deepEqual(await brokenWords(page.locator('[data-testid=metric-title]')), []);
      await checkScreen(page, 'metrics (laptop)');
    } finally {
      await context.close();
    }
  });
});

describe('custom fields settings', () => {
  test('add, edit and delete a custom field through the server forms', async () => {
    const { page, context } = await open('sofia@demo.eu', `/portal/${ids.portal}/settings/custom-fields`);
    try {
      const rows = page.locator('[data-testid=cf-row]');
      await rows.first().waitFor();
      const attrs = await rows.evaluateAll((trs) => trs.map((tr) => tr.dataset.attribute));
      assert.ok(attrs.includes('energy_class') && attrs.includes('checklist_status'), attrs.join());
      // the checklist cannot be deleted
      assert.equal(await page.locator('[data-testid=cf-row][data-attribute=checklist_status] [data-testid=cf-delete]').count(), 0);
      await page.click('[data-testid=cf-add]');
      const dialog = page.locator('[role=dialog]');
      await dialog.locator('[name=label]').fill('Heating system');
      await dialog.locator('[name=type]').selectOption('PICKLIST');
      await dialog.locator('[name=targetType]').selectOption('4rineu_project');
      await dialog.locator('button[type=submit]').click();
      await dialog.locator('.field__error', { hasText: 'A picklist needs at least one option' }).waitFor();
      await dialog.locator('[name=options]').fill('hp|Heat pump\ngas|Gas boiler\ndh|District heating');
      await shot(page, 'custom-field-add');
      await dialog.locator('button[type=submit]').click();
      await dialog.waitFor({ state: 'detached' });
      const row = page.locator('[data-testid=cf-row][data-attribute=heating_system]');
      await row.waitFor();
      assert.match(await row.innerText(), /Heat pump, Gas boiler, District heating/);
      // edit its label
      await row.locator('[data-testid=cf-edit]').click();
      assert.equal(await dialog.locator('[name=label]').inputValue(), 'Heating system');
      await dialog.locator('[name=label]').fill('Heating system (main)');
      await dialog.locator('button[type=submit]').click();
      await dialog.waitFor({ state: 'detached' });
      await row.locator('td', { hasText: 'Heating system (main)' }).waitFor();
      await shot(page, 'custom-fields');
      // the report can now chart it
      const report = await reportOf('sofia@demo.eu', ids.portal);
      assert.ok(report.attributes.some((a) => a.attribute === 'heating_system'));
      // delete it
      await row.locator('[data-testid=cf-delete]').click();
      await page.locator('[role=dialog] button', { hasText: 'Delete' }).click();
      await row.waitFor({ state: 'detached' });
    } catch (e) {
      await shot(page, 'custom-fields-failed');
      throw e;
    } finally {
      await context.close();
    }
  });

  test('a viewer sees the fields without controls', async () => {
    const { page, context } = await open('viktor@demo.eu', `/portal/${ids.portal}/settings/custom-fields`);
    try {
      await page.locator('[data-testid=cf-row]').first().waitFor();
      assert.equal(await page.locator('[data-testid=cf-add]').count(), 0);
      assert.equal(await page.locator('[data-testid=cf-edit]').count(), 0);
      assert.equal(await page.locator('[data-testid=cf-delete]').count(), 0);
    } finally {
      await context.close();
    }
  });
});
