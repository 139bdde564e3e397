/* Browser tests of the members table (issue 7): badges, popover, add, invite, edit, delete, rights. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { PHONE } from './a11y.js';
import { openPage, shot, signIn, useStack } from './browser.js';
import { apiAs, formValues } from './outbox.js';
import { apiGet, demoIds } from './vault-helpers.js';

let stack;
let browser;
let ids;

useStack(async (s, b) => {
  stack = s;
  browser = b;
  ids = await demoIds(stack);
});

async function open(email, path, viewport = undefined) {
  const { page, context } = await openPage(browser, stack.url, { timeout: 15000, viewport });
  await signIn(page, stack.url, email);
  await page.goto(`${stack.url}${path}`);
  return { page, context };
}

const memberRow = (page, email, table = 'members-table') => page.locator(`[data-testid=${table}] [data-testid=member-row][data-email="${email}"]`);
const badgeOf = (page, email, table) => memberRow(page, email, table).first().locator('[data-testid=member-badge]').innerText();

describe('members', () => {
  test('the editors tab: columns, badges and the avatar popover', async () => {
    const { page, context } = await open('sofia@demo.eu', `/portal/${ids.portal}/projects/${ids.lisbon}/editors`);
    await memberRow(page, 'marco@demo.eu').waitFor();
    const heads = await page.locator('[data-testid=members-table] thead tr').first().locator('th').allTextContents();
    assert.deepEqual(heads.map((h) => h.replace(/[▲▼⇅]/g, '').trim()), ['ID', 'Avatar', 'User', 'Role', 'Admin?', 'Email', 'Actions']);
    assert.equal(await badgeOf(page, 'marco@demo.eu'), 'Editor');
    assert.equal(await badgeOf(page, 'elena@demo.eu'), 'Viewer');
    assert.equal(await badgeOf(page, 'sofia@demo.eu'), 'Admin', 'an admin of the portal is an inherited Admin here');
    assert.equal(await badgeOf(page, 'viktor@demo.eu'), 'Viewer');
    assert.equal(await memberRow(page, 'sofia@demo.eu').locator('[data-testid=member-admin]').innerText(), 'YES');
    assert.equal(await memberRow(page, 'marco@demo.eu').locator('[data-testid=member-admin]').innerText(), 'NO');
    assert.match(await memberRow(page, 'sofia@demo.eu').locator('[data-testid=member-inherited]').innerText(), /4RinEU Consortium/);
    // inherited memberships are managed where they are granted
    assert.equal(await memberRow(page, 'sofia@demo.eu').locator('[data-testid=member-edit]').count(), 0);

    await memberRow(page, 'marco@demo.eu').locator('[data-testid=member-avatar]').hover();
    const pop = page.locator('[data-testid=member-popover]');
    await pop.waitFor();
    const text = await pop.innerText();
    for (const part of ['Marco Rossi', 'Work package leader', 'marco@demo.eu', 'EURAC Research']) assert.ok(text.includes(part), part);
    assert.ok(!text.includes('(Admin)'));
    assert.match(await pop.locator('[data-testid=right-CREATE]').innerText(), /YES/);
    assert.match(await pop.locator('[data-testid=right-VIEW]').innerText(), /YES/);
    assert.match(await pop.locator('[data-testid=right-EDIT]').innerText(), /YES/);
    assert.match(await pop.locator('[data-testid=right-DELETE]').innerText(), /NO/);
    await shot(page, 'members-popover');
    // the pointer leaves Marco (his popover closes) for Sofia's avatar
    await page.mouse.move(0, 0);
    await pop.waitFor({ state: 'detached' });
    await memberRow(page, 'sofia@demo.eu').locator('[data-testid=member-avatar]').click();
    await page.locator('[data-testid=member-popover] >> text=(Admin)').waitFor();
    await context.close();
  });

  test('add a member, edit to Editor then Super Admin, remove with confirmation', async () => {
    const { page, context } = await open('sofia@demo.eu', `/portal/${ids.portal}/projects/${ids.lisbon}/editors`);
    await memberRow(page, 'marco@demo.eu').waitFor();
    // add: the server's form from the module's add_membership link
    await page.click('[data-testid=add-user]');
    const form = page.locator('.modal [data-testid=dynamic-form]');
    // The picker lists this portal's people only; anyone else is added by the exact address of their account.
    // (allInnerTexts does not wait: the form is loaded from the server first.)
    await form.getByLabel('User').waitFor();
    const offered = await form.getByLabel('User').locator('option').allInnerTexts();
    assert.ok(offered.some((o) => o.includes('@demo.eu')), offered.join(', '));
    assert.ok(!offered.some((o) => o.includes('paula@demo.eu')), 'Paula belongs to other portals only');
    await form.getByLabel('Or their e-mail address').fill('paula@demo.eu');
    await form.getByLabel('Role').fill('Energy consultant');
    await shot(page, 'members-add');
    await form.locator('button[type=submit]').click();
    // Paula shares no portal with Lisbon's people: she is invited, as an unknown address would be (the answer never
    // tells which), and joins when she signs in.
    await page.getByTestId('toast').filter({ hasText: 'paula@demo.eu' }).waitFor(); // a toast, no Ok to click
    await page.locator('.modal').waitFor({ state: 'detached' });
    await apiAs(stack.url, 'paula@demo.eu');
    await page.reload();
    await memberRow(page, 'paula@demo.eu').waitFor();
    assert.equal(await badgeOf(page, 'paula@demo.eu'), 'Viewer');
    assert.equal(await memberRow(page, 'paula@demo.eu').locator('td').nth(3).innerText(), 'Energy consultant');

    // edit (issue 40, a departure from spec §6's 'always User'): rights are checkboxes, the role keeps its name
    await memberRow(page, 'paula@demo.eu').locator('[data-testid=member-edit]').click();
    const edit = page.locator('.modal [data-testid=member-edit-form]');
    await edit.getByLabel('Edit', { exact: true }).waitFor();
    assert.equal(await edit.getByLabel('Role', { exact: true }).inputValue(), 'Energy consultant');
    assert.equal(await edit.getByLabel('View', { exact: true }).isChecked(), true);
    await edit.getByLabel('Edit', { exact: true }).check();
    await shot(page, 'members-edit');
    await edit.locator('button[type=submit]').click();
    await page.locator('.modal').waitFor({ state: 'detached' });
    await page.waitForFunction(() => {
      const row = document.querySelector('[data-testid=members-table] [data-email="paula@demo.eu"] [data-testid=member-badge]');
      return row && row.textContent === 'Editor';
    });
    const token = ids.token;
    let list = (await apiGet(stack, token, `/api/membership/list/${ids.lisbon}`)).list;
    let paula = list.find((m) => m.userEmail === 'paula@demo.eu' && !m.inherited);
    assert.equal(paula.role, 'Energy consultant');
    assert.equal(paula.allowView, true);
    assert.equal(paula.allowEdit, true);
    assert.equal(await memberRow(page, 'paula@demo.eu').locator('td').nth(3).innerText(), 'Energy consultant');

    // the Admin preset: its name and every right, on this module: Super Admin
    await memberRow(page, 'paula@demo.eu').locator('[data-testid=member-edit]').click();
    const again = page.locator('.modal [data-testid=member-edit-form]');
    await again.getByTestId('role-preset').waitFor();
    const presets = await again.getByTestId('role-preset').locator('option').allInnerTexts();
    assert.deepEqual(presets.slice(1, 4), ['Viewer', 'Editor', 'Admin']);
    assert.ok(presets.includes('Energy consultant'), presets.join(', '));
    await again.getByTestId('role-preset').selectOption('Admin');
    assert.equal(await again.getByLabel('Delete', { exact: true }).isChecked(), true);
    await shot(page, 'members-edit-preset');
    await again.locator('button[type=submit]').click();
    await page.waitForFunction(() => {
      const row = document.querySelector('[data-testid=members-table] [data-email="paula@demo.eu"] [data-testid=member-badge]');
      return row && row.textContent === 'Super Admin';
    });
    await shot(page, 'members-table');

    // remove, with confirmation
    await memberRow(page, 'paula@demo.eu').locator('[data-testid=member-delete]').click();
    await page.locator('.modal >> text=ARE YOU SURE YOU WANT TO DELETE THIS.').waitFor();
    await page.locator('.modal >> text=Paula Weber (paula@demo.eu)').waitFor();
    await page.click('.modal button:has-text("Remove")');
    await memberRow(page, 'paula@demo.eu').waitFor({ state: 'detached' });
    list = (await apiGet(stack, token, `/api/membership/list/${ids.lisbon}`)).list;
    paula = list.find((m) => m.userEmail === 'paula@demo.eu');
    assert.equal(paula, undefined);
    await context.close();
  });

  test('invite a colleague by e-mail', async () => {
    const { page, context } = await open('sofia@demo.eu', `/portal/${ids.portal}/projects/${ids.lisbon}/editors`);
    await page.click('[data-testid=invite-user]');
    const form = page.locator('.modal [data-testid=dynamic-form]');
    await form.getByLabel('Email').fill('new.colleague@example.org');
    await form.locator('button[type=submit]').click();
    await page.getByTestId('toast').filter({ hasText: 'new.colleague@example.org' }).waitFor();
    await page.locator('.modal').waitFor({ state: 'detached' });
    await context.close();
  });

  test('a viewer sees the members but no add, invite, edit or delete', async () => {
    const { page, context } = await open('viktor@demo.eu', `/portal/${ids.portal}/projects/${ids.lisbon}/editors`);
    await memberRow(page, 'marco@demo.eu').waitFor();
    assert.equal(await page.locator('[data-testid=add-user]').count(), 0);
    assert.equal(await page.locator('[data-testid=invite-user]').count(), 0);
    assert.equal(await page.locator('[data-testid=member-edit]').count(), 0);
    assert.equal(await page.locator('[data-testid=member-delete]').count(), 0);
    await page.goto(`${stack.url}/portal/${ids.portal}/settings/users`);
    await memberRow(page, 'sofia@demo.eu', 'admin-members-table').waitFor();
    assert.equal(await page.locator('[data-testid=add-user]').count(), 0);
    assert.equal(await page.locator('[data-testid=member-edit]').count(), 0);
    await context.close();
  });

  test('the portal settings users page separates admin members from all members', async () => {
    const { page, context } = await open('sofia@demo.eu', `/portal/${ids.portal}/settings/users`);
    await memberRow(page, 'sofia@demo.eu', 'admin-members-table').waitFor();
    const admins = await page.locator('[data-testid=admin-members-table] [data-testid=member-row]').count();
    const all = await page.locator('[data-testid=members-table] [data-testid=member-row]').count();
    assert.equal(admins, 1);
    assert.ok(all > admins);
    assert.equal(await badgeOf(page, 'sofia@demo.eu', 'admin-members-table'), 'Super Admin', 'a direct admin of the portal');
    assert.equal(await memberRow(page, 'viktor@demo.eu', 'admin-members-table').count(), 0);
    assert.equal(await badgeOf(page, 'viktor@demo.eu'), 'Viewer');
    await page.locator('[data-testid=add-user]').waitFor();
    await page.locator('[data-testid=invite-user]').waitFor();
    await shot(page, 'members-settings-users');
    await context.close();
  });

  test('at 1,024 px both users tables fit their box; an address breaks only before its @', async () => {
    const { page, context } = await open('sofia@demo.eu', `/portal/${ids.portal}/settings/users`, { width: 1024, height: 800 });
    await memberRow(page, 'viktor@demo.eu').waitFor();
    await memberRow(page, 'sofia@demo.eu', 'admin-members-table').waitFor();
    const boxes = await page.locator('.dt__scroll').evaluateAll((els) => els.map((e) => [e.scrollWidth, e.clientWidth, e.className]));
    assert.equal(boxes.length, 2);
    for (const [inner, box, cls] of boxes) {
      assert.ok(inner <= box, `a users table is ${inner} px wide in a ${box} px box`);
      assert.doesNotMatch(cls, /sideways/);
    }
    const email = memberRow(page, 'viktor@demo.eu').locator('td').nth(5);
    assert.equal(await email.textContent(), 'viktor@demo.eu');
    assert.equal(await email.evaluate((td) => td.innerHTML.includes('viktor<wbr>@demo.eu')), true);
    await context.close();
  });

  test('on a phone the member form fits: a preset, the role and its rights as checkboxes', async () => {
    const { page, context } = await open('sofia@demo.eu', `/portal/${ids.portal}/projects/${ids.lisbon}/editors`, PHONE);
    await memberRow(page, 'marco@demo.eu').locator('[data-testid=member-edit]').click();
    const edit = page.locator('.modal [data-testid=member-edit-form]');
    await edit.getByTestId('role-preset').waitFor();
    await edit.getByTestId('role-preset').selectOption('Viewer');
    assert.equal(await edit.getByLabel('Edit', { exact: true }).isChecked(), false);
    assert.equal(await edit.getByLabel('Role', { exact: true }).inputValue(), 'Viewer');
    await shot(page, 'members-edit (phone)');
    await context.close();
  });

  test('on a phone a badge keeps its one line', async () => {
    const { page, context } = await open('sofia@demo.eu', `/portal/${ids.portal}/settings/users`, PHONE);
    await memberRow(page, 'sofia@demo.eu', 'admin-members-table').waitFor();
    const heights = await page.locator('[data-testid=member-badge]').evaluateAll((els) => els.map((e) => [e.innerText, e.getBoundingClientRect().height]));
    assert.ok(heights.some(([text]) => text === 'Super Admin'), JSON.stringify(heights));
    for (const [text, height] of heights) assert.ok(height < 24, `${text}: ${height}px tall`);
    await context.close();
  });

  test('the members list is paged, searched and sorted by the server', async () => {
    // Three more people on Lisbon, so that pages of five make two pages.
    const sofia = await apiAs(stack.url, 'sofia@demo.eu');
    for (const email of ['lars@demo.eu', 'paula@demo.eu', 'nobody@demo.eu']) {
      const { values, form } = await formValues(sofia, `/api/membership/add/${ids.lisbon}`);
      const r = await sofia.post(form.action, sofia.form({ ...values, userId: '', email, role: 'Reader' }));
      assert.equal(r.status, 200, JSON.stringify(r.data));
      if (r.data.invited) await apiAs(stack.url, email); // someone outside the portal joins when they sign in
    }
    const api = (query) => apiGet(stack, ids.token, `/api/membership/list/${ids.lisbon}${query}`);
    const total = (await api('?perPage=1')).meta.total;
    assert.ok(total > 5 && total <= 10, `${total} members`);

    const { page, context } = await open('sofia@demo.eu', `/portal/${ids.portal}/projects/${ids.lisbon}/editors`);
    const table = page.locator('[data-testid=members-table]');
    await memberRow(page, 'nobody@demo.eu').waitFor();
    const emails = () => table.locator('[data-testid=member-row]').evaluateAll((els) => els.map((e) => e.dataset.email));
    const shows = (list) => page.waitForFunction((want) => {
      const got = [...document.querySelectorAll('[data-testid=members-table] [data-testid=member-row]')].map((e) => e.dataset.email);
      return JSON.stringify(got) === JSON.stringify(want);
    }, list);
    const listed = async (query) => (await api(query)).list.map((m) => m.userEmail);

    // direct members first, then those inherited from the portal
    assert.deepEqual(await emails(), await listed('?perPage=10'));
    const badges = await table.locator('[data-testid=member-row]').evaluateAll((els) => els.map((e) => e.classList.contains('is-inherited')));
    assert.deepEqual(badges, [...badges].sort(), 'inherited last');

    // pages of five
    await table.locator('[data-testid=dt-pagesize]').selectOption('5');
    await shows(await listed('?perPage=5'));
    assert.equal(await table.locator('[data-testid=dt-pageinfo]').innerText(), 'Page 1 of 2');
    await table.locator('[data-testid=dt-next]').click();
    await shows(await listed('?perPage=5&page=2'));

    // search: a name or an e-mail address, from the first page again
    const [res] = await Promise.all([
      page.waitForResponse((r) => r.url().includes(`/api/membership/list/${ids.lisbon}?`) && r.url().includes('q=mar')),
      table.locator('[data-testid=dt-search]').fill('mar'),
    ]);
    assert.equal(new URL(res.url()).searchParams.get('page'), '1');
    const marks = await listed('?perPage=5&q=mar');
    assert.deepEqual([...marks].sort(), ['marco@demo.eu', 'sofia@demo.eu']);
    await shows(marks);
    await table.locator('[data-testid=dt-search]').fill('nobody@demo');
    await shows(['nobody@demo.eu']);
    await table.locator('[data-testid=dt-search]').fill('nobody at all');
    await table.locator('[data-testid=dt-empty] >> text=No matching members').waitFor();
    await table.locator('[data-testid=dt-search]').fill('');

    // sort by name, both ways (inherited ones still last)
    await table.locator('[data-testid=th-name]').click();
    await shows(await listed('?perPage=5&sort=name'));
    await table.locator('[data-testid=th-name]').click();
    await shows(await listed('?perPage=5&sort=-name'));
    assert.equal(await table.locator('[data-testid=th-name]').getAttribute('aria-sort'), 'descending');
    await shot(page, 'members-search');
    await context.close();
  });
});
