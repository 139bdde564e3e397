/** Chromium from Debian (/usr/bin/chromium), headless, never a downloaded browser. */
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';
import { after, before } from 'node:test';
import { WEBAPP, startStack } from './servers.js';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const BRAND_HOSTS = ['portal.4rineu.local', 'data.calibr.local'];
export const ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync',
  `--host-resolver-rules=${BRAND_HOSTS.map((h) => `MAP ${h} 127.0.0.1`).join(',')}`,
];

export function launch() {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
}

export const SHOTS = path.join(WEBAPP, 'e2e', 'screenshots');

export async function shot(page, name) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
}

export const PASSWORD = 'demo1234';

/** Sign in through the login form and wait for the signed-in shell. */
export async function signIn(page, base, username, password = PASSWORD) {
  await page.goto(`${base}/login`);
  await page.fill('#login-username', username);
  await page.fill('#login-password', password);
  await page.click('button[type=submit]');
  await page.waitForSelector('[data-testid=user-menu]');
}

/**
 * One app stack and one Chromium for a test file: started before its tests, stopped after them.
 * `ready(stack, browser)` hands both to the file and may prepare more (awaited in the same hook: node 20
 * runs top-level `before` hooks concurrently, so a second hook could not rely on the first).
 */
export function useStack(ready, apiEnv = {}) {
  let stack;
  let browser;
  before(async () => {
    stack = await startStack(apiEnv);
    browser = await launch();
    await ready(stack, browser);
  });
  after(async () => {
    if (browser) await browser.close();
    if (stack) await stack.stop();
  });
}

/** A fresh context and page (10 s timeout) that collects the page's uncaught errors. */
export async function openPage(browser, base, { timeout = 10000, viewport = { width: 1360, height: 900 } } = {}) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.setDefaultTimeout(timeout);
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return { page, context, base, errors };
}

/** Resolves once `check()` (async) holds, polling every 100 ms; fails after `ms` saying `what` did not happen. */
export async function until(check, what, ms = 8000) {
  const end = Date.now() + ms;
  for (;;) {
    if (await check()) return;
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await new Promise((r) => { setTimeout(r, 100); });
  }
}
