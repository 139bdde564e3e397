/** Chromium from Debian (/usr/bin/chromium), headless, never a downloaded browser. */
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';
import { WEBAPP } from './servers.js';

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
