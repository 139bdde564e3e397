/* Automatic logout at expiry: an API whose tokens live a few seconds (JWT_EXPIRES_SECONDS). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { signIn, useStack } from './browser.js';

let stack;
let browser;

useStack((s, b) => { stack = s; browser = b; }, { JWT_EXPIRES_SECONDS: '4' });

test('the session ends by itself when the token expires', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, stack.url, 'admin@demo.eu');
  await page.locator('[data-testid=portal-card]').first().waitFor();
  const expiry = await page.evaluate(() => localStorage.getItem('expirationDate'));
  const left = new Date(expiry).getTime() - Date.now();
  assert.ok(left > 0 && left <= 5000, `expiry is expiresIn seconds from login (${left} ms)`);
  await page.locator('#login-username').waitFor({ timeout: 10000 });
  assert.equal(await page.evaluate(() => localStorage.getItem('token')), null);
  await context.close();
});

test('an expired stored token is logged out at start', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${stack.url}/login`);
  await page.evaluate(() => {
    localStorage.setItem('token', 'stale');
    localStorage.setItem('expirationDate', new Date(Date.now() - 1000).toISOString());
  });
  await page.goto(`${stack.url}/portal/4`);
  await page.locator('#login-username').waitFor();
  assert.equal(await page.evaluate(() => localStorage.getItem('token')), null);
  await context.close();
});
