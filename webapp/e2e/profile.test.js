/* Browser tests of the profile page: the server-described form (required, 400 list, success, failure)
 * and the avatar upload with a preview, seen in the user menu. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { openPage, shot, signIn, useStack } from './browser.js';
import { apiAs } from './outbox.js';

let stack;
let browser;

useStack((s, b) => { stack = s; browser = b; });

function newPage() {
  return openPage(browser, stack.url);
}

/** A solid-colour PNG of w x h pixels. */
function png(w, h, [r, g, b]) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf) => {
    let c = 0xffffffff;
    for (const x of buf) c = crcTable[(c ^ x) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const len = Buffer.alloc(4); len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const c = Buffer.alloc(4); c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0); ihdr.writeUInt32BE(h, 4); ihdr[8] = 8; ihdr[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: w }, () => [r, g, b]).flat())]);
  const raw = Buffer.concat(Array.from({ length: h }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** The average colour of the user menu's avatar image as drawn. */
const menuAvatarColour = (page) => page.locator('[data-testid=user-menu] img.avatar__img').evaluate((img) => {
  const c = document.createElement('canvas');
  c.width = 4; c.height = 4;
  const ctx = c.getContext('2d');
  ctx.drawImage(img, 0, 0, 4, 4);
  const d = ctx.getImageData(1, 1, 1, 1).data;
  return [d[0], d[1], d[2]];
});

describe('profile', () => {
  test('edit the profile: a required field, a 400 list, then Changes saved!', async () => {
    const { page, context, base, errors } = await newPage();
    await signIn(page, base, 'viktor@demo.eu');
    await page.click('[data-testid=user-menu]');
    await page.click('text=Edit Profile');
    await page.waitForURL(`${base}/profile/edit`);
    await page.locator('#profile-name').waitFor();
    assert.equal(await page.inputValue('#profile-name'), 'Viktor Hansen');
    assert.equal(await page.locator('#profile-email').isDisabled(), true);
    assert.equal(await page.locator('#profile-name').evaluate((el) => el === document.activeElement), true);

    await page.fill('#profile-name', '   ');
    await page.click('button:has-text("Save changes")');
    await page.getByText('Name is required').waitFor();

    await page.fill('#profile-name', 'Viktor H. Hansen');
    await page.fill('#profile-organisation', 'x'.repeat(300));
    await page.click('button:has-text("Save changes")');
    const list = page.locator('[data-testid=profile-errors]');
    await list.waitFor();
    assert.match(await list.innerText(), /Organisation:/);
    await shot(page, 'profile-errors');

    // Any other failure: the generic text.
    await page.route('**/api/profile/edit', (r) => (r.request().method() === 'PUT'
      ? r.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"x"}' }) : r.continue()));
    await page.fill('#profile-organisation', 'Nordic Renovation Lab');
    await page.click('button:has-text("Save changes")');
    await page.getByText('There has been error saving data in the server. Please try again!').waitFor();
    await page.unroute('**/api/profile/edit');

    await page.click('button:has-text("Save changes")');
    await page.getByText('Changes saved!').waitFor();
    assert.equal(await page.locator('[data-testid=profile-errors]').count(), 0);
    // The user menu and the account card follow.
    await page.locator('.user-menu__name', { hasText: 'Viktor H. Hansen' }).waitFor();
    await page.locator('dd', { hasText: 'Nordic Renovation Lab' }).waitFor();
    await shot(page, 'profile-saved');
    const me = (await (await apiAs(base, 'viktor@demo.eu')).get('/api/profile/currentuser')).data.item;
    assert.equal(me.name, 'Viktor H. Hansen');
    assert.equal(me.organisation, 'Nordic Renovation Lab');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('upload an avatar with a preview; the user menu shows it', async () => {
    const { page, context, base, errors } = await newPage();
    await signIn(page, base, 'nobody@demo.eu');
    await page.goto(`${base}/profile`);
    await page.locator('[data-testid=avatar-upload]').waitFor();
    assert.match(await page.locator('[data-testid=avatar-hint]').innerText(), /PNG, JPEG, GIF or WebP image, at most 2 MB/);
    // No avatar yet: initials in the user menu.
    assert.equal(await page.locator('[data-testid=user-menu] .avatar__initials').getAttribute('data-initials'), 'NN');
    assert.equal(await page.locator('[data-testid=user-menu] img.avatar__img').count(), 0);

    // Not an image: refused before upload.
    await page.setInputFiles('#avatar-file', { name: 'x.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg onload="alert(1)"/>') });
    await page.locator('[data-testid=avatar-error]').waitFor();
    assert.equal(await page.locator('[data-testid=avatar-save]').count(), 0);
    // Too large.
    await page.setInputFiles('#avatar-file', { name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(2 * 1024 * 1024 + 10) });
    await page.getByText('The image is too large (at most 2 MB)').waitFor();

    await page.setInputFiles('#avatar-file', { name: 'red.png', mimeType: 'image/png', buffer: png(40, 40, [220, 20, 20]) });
    await page.locator('[data-testid=avatar-preview]').waitFor();
    await shot(page, 'profile-avatar-preview');
    await page.click('[data-testid=avatar-save]');
    await page.locator('[data-testid=avatar-saved]').waitFor();
    await page.locator('[data-testid=user-menu] img.avatar__img').waitFor();
    await page.waitForFunction(() => {
      const img = document.querySelector('[data-testid=user-menu] img.avatar__img');
      return img && img.complete && img.naturalWidth > 0;
    });
    const red = await menuAvatarColour(page);
    assert.ok(red[0] > 180 && red[1] < 60, `red avatar, got ${red}`);

    // A second upload replaces it in the menu (no stale cached image).
    await page.setInputFiles('#avatar-file', { name: 'blue.png', mimeType: 'image/png', buffer: png(40, 40, [20, 40, 220]) });
    await page.click('[data-testid=avatar-save]');
    await page.waitForFunction(() => {
      const img = document.querySelector('[data-testid=user-menu] img.avatar__img');
      if (!img || !img.complete || !img.naturalWidth) return false;
      const c = document.createElement('canvas');
      c.width = 4; c.height = 4;
      const ctx = c.getContext('2d');
      ctx.drawImage(img, 0, 0, 4, 4);
      const d = ctx.getImageData(1, 1, 1, 1).data;
      return d[2] > 180 && d[0] < 60;
    });
    await page.click('[data-testid=user-menu]');
    await shot(page, 'profile-avatar-menu');
    // After a reload too.
    await page.reload();
    await page.locator('[data-testid=user-menu] img.avatar__img').waitFor();
    await page.waitForFunction(() => {
      const img = document.querySelector('[data-testid=user-menu] img.avatar__img');
      return img && img.complete && img.naturalWidth > 0;
    });
    const blue = await menuAvatarColour(page);
    assert.ok(blue[2] > 180 && blue[0] < 60, `blue avatar after reload, got ${blue}`);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
