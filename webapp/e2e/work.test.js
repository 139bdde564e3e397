/* Browser tests of work management (issue 13): custom-field values of every type reaching the metrics, the
   dialog states, 'Add Date' of one date, Edit Project, the delete warning, and two people editing one article. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { checkScreen } from './a11y.js';
import { openPage, shot, signIn } from './browser.js';
import { apiGet, apiSubmit, useDemo } from './vault-helpers.js';

const t = useDemo(async ({ stack, ids }) => {
  // A new demo case with nothing filled in yet, made through its form as sofia (the portal's Super Admin).
  const sofia = await (await fetch(`${stack.url}/json/login`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'sofia@demo.eu', password: 'demo1234' }),
  })).json();
  ids.sofia = sofia.token;
  const porto = await apiSubmit(stack, ids.sofia, `/api/module/add/${ids.portal}/4rineu_project`, { name: 'Porto demo case', description: 'A new case.' });
  ids.porto = porto.id;
});

async function open(email, path, viewport) {
  const { page, context, errors } = await openPage(t.browser, t.stack.url, { timeout: 15000, viewport });
  await signIn(page, t.stack.url, email);
  await page.goto(`${t.stack.url}${path}`);
  return { page, context, errors };
}

const field = (page, attribute) => page.locator(`[data-testid=cf-field][data-attribute=${attribute}]`);

/**
 * Add a value to a field as a person would: a one-value field of a plain type in place (type or pick, Enter), a series
 * or a many-option list in its dialog (control name -> value; a select by option label); then see it saved.
 */
async function addValue(page, label, attribute, values) {
  const row = field(page, attribute);
  await page.getByRole('button', { name: `Add ${label}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Add ${label}` });
  const inPlace = row.locator('.in-place__input');
  await dialog.or(inPlace).first().waitFor();
  if (await inPlace.count()) {
    const [value] = Object.values(values);
    if (await inPlace.evaluate((el) => el.tagName === 'SELECT')) await inPlace.selectOption({ label: value });
    else {
      await inPlace.fill(value);
      await inPlace.press('Enter');
    }
    assert.equal(await dialog.count(), 0, 'no dialog for a value typed in place');
    await row.locator('[aria-busy=true]').waitFor({ state: 'detached' });
    return;
  }
  for (const [name, value] of Object.entries(values)) {
    const control = dialog.locator(`[name="${name}"]`);
    await control.waitFor();
    if (await control.evaluate((el) => el.tagName === 'SELECT')) await control.selectOption({ label: value });
    else await control.fill(value);
  }
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByTestId('toast').filter({ hasText: 'Data Transfer Successful' }).waitFor(); // a toast, no dialog to wait on
  await dialog.waitFor({ state: 'detached' });
  await row.waitFor();
}

describe('custom fields on a module', () => {
  test('a value of each type entered on the project, shown by type, and the metrics follow', async () => {
    const { page, context, errors } = await open('sofia@demo.eu', `/portal/${t.ids.portal}/projects/${t.ids.porto}`);
    const section = page.locator('[data-testid=fields-section]');
    await section.waitFor();
    await field(page, 'budget').getByRole('button', { name: 'Add Budget', exact: true }).waitFor(); // no value yet

    await addValue(page, 'Site notes', 'site_notes', { stringval: 'Keys at the caretaker, flat 1A.' });
    await addValue(page, 'Energy class', 'energy_class', { option: 'C' });
    await addValue(page, 'Renovation measures', 'measures', { option: 'Heat pump' });
    await addValue(page, 'Renovation measures', 'measures', { option: 'Photovoltaics' });
    await addValue(page, 'Budget', 'budget', { numval: '100000' });
    await addValue(page, 'Building permit', 'building_permit', { dateval: '2026-12-01' });
    await addValue(page, 'Energy saving', 'energy_saving', { dateval: '2026-09-01', numval: '12' });
    await addValue(page, 'Energy saving', 'energy_saving', { dateval: '2026-10-01', numval: '21.5' });

    assert.equal(await field(page, 'site_notes').locator('[data-testid=cf-value]').innerText(), 'Keys at the caretaker, flat 1A.');
    assert.equal(await field(page, 'energy_class').locator('[data-testid=cf-value]').innerText(), 'C');
    assert.deepEqual(await field(page, 'measures').locator('[data-testid=cf-value]').allInnerTexts(), ['Heat pump', 'Photovoltaics']);
    assert.equal(await field(page, 'budget').locator('[data-testid=cf-value]').innerText(), '€100,000');
    assert.equal(await field(page, 'building_permit').locator('[data-testid=cf-value]').innerText(), '1st Dec 2026');
    const points = field(page, 'energy_saving').locator('[data-testid=cf-point]');
    await points.nth(1).waitFor(); // the series re-reads after the dialog closes; the toast can come first
    assert.deepEqual(await points.locator('td:first-child').allInnerTexts(), ['1st Oct 2026', '1st Sep 2026']);
    assert.deepEqual(await points.locator('[data-testid=cf-point-value]').allInnerTexts(), ['21.5 %', '12 %']);
    await field(page, 'energy_saving').locator('[data-testid=sparkline]').waitFor();
    await shot(page, 'work-fields');

    // A bad number typed in place: the server's message on the control, and the field goes back to '+ Add'.
    await page.getByRole('button', { name: 'Add Floor area', exact: true }).click();
    const area = field(page, 'floor_area');
    await area.locator('.in-place__input').fill('about 90');
    await area.locator('.in-place__input').press('Enter');
    await area.getByTestId('in-place-error').waitFor();
    assert.match(await area.getByTestId('in-place-error').innerText(), /number/i);
    await area.getByRole('button', { name: 'Add Floor area', exact: true }).waitFor();
    await checkScreen(page, 'work: a refused value in place');

    // The metrics of the portal count the new budget at once: (2,400,000 + 1,450,000 + 860,000 + 100,000) / 4.
    await page.goto(`${t.stack.url}/portal/${t.ids.portal}/metrics`);
    const panel = (title) => page.locator('[data-testid=metric-panel]', { has: page.locator('[data-testid=metric-title]', { hasText: title }) });
    await panel('Average budget').locator('.metric-number__value').filter({ hasText: '€1,202,500' }).waitFor();
    assert.equal(await panel('Smallest budget').locator('.metric-number__value').innerText(), '€100,000');
    await panel('Energy saving by phase').locator('[data-testid=metric-table]', { hasText: 'Porto demo case' }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a viewer sees the values but no way to change them', async () => {
    const { page, context } = await open('viktor@demo.eu', `/portal/${t.ids.portal}/projects/${t.ids.lisbon}`);
    await field(page, 'site_notes').locator('[data-testid=cf-value]').waitFor();
    assert.equal(await page.locator('[data-testid=fields-section] button').count(), 0);
    await context.close();
  });
});

describe('dialogs and the deliverable strip', () => {
  test("'Add Date' edits that date in place; the edit dialog asks before discarding and says it saved", async () => {
    const { page, context } = await open('sofia@demo.eu', `/portal/${t.ids.portal}/projects/${t.ids.porto}`);
    const deadline = page.locator('[data-testid=strip-deadline]');
    await deadline.getByRole('button', { name: 'Add Date (Deadline)' }).click();
    const input = deadline.getByLabel('Deadline');
    await input.fill('2027-03-31');
    await input.press('Enter');
    await deadline.getByText('31st Mar 2027').waitFor(); // at once, then confirmed by the server's answer
    await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 1000 }).catch(() => {});
    assert.equal(await page.getByRole('dialog').count(), 0, 'no dialog opened');
    await page.locator('[data-testid=strip-startDate]').getByRole('button', { name: 'Add Date (Start Date)' }).waitFor();
    await page.locator('[data-testid=props-status] [data-testid=status-badge][data-status=NOT_STARTED]').waitFor();
    await page.reload();
    await deadline.getByText('31st Mar 2027').waitFor(); // saved

    await page.locator('[data-testid=module-header]').getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Project' });
    await edit.locator('input[name=name]').fill('Porto demo case – row houses');
    await page.keyboard.press('Escape');
    await edit.getByText('Discard the changes you have not saved?').waitFor();
    await edit.getByRole('button', { name: 'Keep editing' }).click();
    assert.equal(await edit.locator('input[name=name]').inputValue(), 'Porto demo case – row houses');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Data Transfer Successful' }).waitFor();
    await edit.waitFor({ state: 'detached' });
    await shot(page, 'work-dialog-success');
    await page.locator('[data-testid=module-name]', { hasText: 'row houses' }).waitFor();
    await context.close();
  });

  test('Edit Project edits in place, in a side panel; its /v2 address opens the same screen with the panel open', async () => {
    const { page, context } = await open('sofia@demo.eu', `/portal/${t.ids.portal}/${t.ids.oslo}`);
    const before = page.url();
    await page.click('[data-testid=edit-project]');
    const edit = page.getByRole('dialog', { name: 'Edit Project' });
    await edit.locator('input[name=name]').waitFor();
    assert.equal(page.url(), before); // no other page: the project stays in view beside the panel
    await page.locator('[data-testid=tabs]').getByRole('link', { name: 'Overview' }).waitFor();
    await edit.locator('input[name=name]').fill('Oslo demo case – Tøyen');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    // every view of the name on the screen changes at once: the header, the breadcrumb and the side menu
    await page.locator('[data-testid=module-name]', { hasText: 'Tøyen' }).waitFor();
    await page.locator('[data-testid=breadcrumb] [aria-current=page]', { hasText: 'Tøyen' }).waitFor();
    await page.locator('.sidemenu', { hasText: 'Tøyen' }).waitFor();
    // the spec's address of Edit Project lands on the same screen with the panel open
    await page.goto(`${t.stack.url}/v2/4rineu/${t.ids.portal}/${t.ids.oslo}`);
    await page.waitForURL((u) => u.pathname === `/portal/${t.ids.portal}/${t.ids.oslo}`);
    await page.getByRole('dialog', { name: 'Edit Project' }).locator('input[name=name]').waitFor();
    await page.locator('nav.rail').waitFor(); // the portal's layout
    await context.close();
  });

  test('deleting a module with children warns that items are needed and says how many go', async () => {
    const { page, context } = await open('sofia@demo.eu', `/portal/${t.ids.portal}/projects/${t.ids.madrid}`);
    await page.locator('[data-testid=module-header]').getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Project' });
    await dialog.getByText('PLEASE CAREFUL WHEN DELETING ENTRIES.').waitFor();
    await dialog.getByText('SOME ITEMS ARE NEEDED FOR DEV.').waitFor();
    const view = (await apiGet(t.stack, t.ids.token, `/api/module/view/${t.ids.madrid}`)).item;
    assert.ok(view.descendantCount > view.childCount);
    assert.match(await dialog.locator('[data-testid=delete-descendants]').innerText(), new RegExp(`the ${view.descendantCount} modules below it`));
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await context.close();
  });
});

describe('the feed reads as sentences', () => {
  test("'Activity' opens the portal's feed in its layout; an entry says what changed and leads to the item", async () => {
    const sofia = (path) => open('sofia@demo.eu', path);
    const { page, context } = await sofia(`/portal/${t.ids.portal}`);
    await page.locator('.sidemenu').getByRole('link', { name: 'Activity' }).click();
    await page.waitForURL((u) => u.pathname === `/portal/${t.ids.portal}/activity`);
    await page.locator('nav.rail').waitFor(); // inside the portal layout
    // The deadline added to the Porto case by the dialogs test, told with labels and the date as on screen.
    const entry = page.locator('[data-testid=feed-item]', { hasText: 'set the status of Porto demo case' }).first();
    await entry.waitFor();
    assert.match(await entry.innerText(), /Sofia Marques set the status of Porto demo case.* to Not Started \(deadline 31st Mar 2027\)/);
    const renamed = page.locator('[data-testid=feed-item]', { hasText: 'renamed Porto demo case to' }).first();
    await renamed.waitFor();
    await renamed.locator('[data-testid=feed-link]').click();
    await page.waitForURL((u) => u.pathname.startsWith(`/portal/${t.ids.portal}/module/${t.ids.porto}`));
    await page.locator('[data-testid=module-name]', { hasText: 'row houses' }).waitFor();
    await context.close();
  });
});

describe('no lost update', () => {
  test('two people edit one article: the second is told and keeps what they wrote', async () => {
    const articles = (await apiGet(t.stack, t.ids.token, `/api/article/list/${t.ids.lisbon}`)).list;
    const article = articles[0];
    const url = `/portal/${t.ids.portal}/projects/${t.ids.lisbon}/knowledge/${article.id}/edit`;
    const first = await open('sofia@demo.eu', url);
    const second = await open('admin@demo.eu', url);
    for (const { page } of [first, second]) await page.locator('#article-title').waitFor();
    await first.page.fill('#article-title', 'Edited first');
    await first.page.getByRole('button', { name: 'Update Content' }).click();
    await first.page.locator('[data-testid=article-status]', { hasText: 'UPDATED' }).waitFor();

    await second.page.fill('#article-title', 'My careful rewrite');
    await second.page.getByRole('button', { name: 'Update Content' }).click();
    await second.page.getByRole('alert').filter({ hasText: 'This item was changed by someone else. Reload to see the changes.' }).waitFor();
    assert.equal(await second.page.inputValue('#article-title'), 'My careful rewrite');
    await shot(second.page, 'work-conflict');
    const stored = (await apiGet(t.stack, t.ids.token, `/api/article/view/${t.ids.lisbon}/${article.id}`)).item;
    assert.equal(stored.title, 'Edited first');
    await first.context.close();
    await second.context.close();
  });
});
