import { describe, expect, test } from 'vitest';
import { BRANDS, configForLocation, loadHostTable } from './config.js';

const at = (hostname, protocol = 'https:') => configForLocation({ hostname, protocol });

describe('host config', () => {
  test('local hosts: the consortium brand, same-origin API', () => {
    for (const h of ['localhost', '127.0.0.1']) {
      expect(at(h).brand.key).toBe('consortium');
      expect(at(h).apiBase).toBe('');
    }
  });
  test('portal.4rineu.local: consortium, same-origin', () => {
    const c = at('portal.4rineu.local');
    expect(c.brand).toBe(BRANDS.consortium);
    expect(c.brand.fundingFooter).toBe(true);
    expect(c.apiBase).toBe('');
  });
  test('data.calibr.local: the data platform brand, same-origin', () => {
    const c = at('data.calibr.local');
    expect(c.brand).toBe(BRANDS.calibr);
    expect(c.brand.fundingFooter).toBe(false);
    expect(c.apiBase).toBe('');
  });
  test('production hosts use their API on port 8443', () => {
    expect(at('data.calibr.eu').apiBase).toBe('https://data.calibr.eu:8443');
    expect(at('portal.4rineu.eu').apiBase).toBe('https://portal.4rineu.eu:8443');
  });
  test('any other host: default brand, same-origin', () => {
    const c = at('intranet.example.org');
    expect(c.brand.key).toBe('consortium');
    expect(c.apiBase).toBe('');
  });
  test('each brand has its own title, logo and login image', () => {
    const a = BRANDS.consortium;
    const b = BRANDS.calibr;
    expect(a.title).not.toBe(b.title);
    expect(a.logo).not.toBe(b.logo);
    expect(a.loginImage).not.toBe(b.loginImage);
  });
  test('the served host table replaces the built-in one; a failed fetch keeps it', async () => {
    await loadHostTable(async () => { throw new Error('offline'); });
    expect(at('data.calibr.local').brand.key).toBe('calibr');
    const served = { hosts: [{ match: '^third\\.example\\.org$', brand: 'calibr', api: 'https://api.example.org/' }] };
    await loadHostTable(async () => ({ ok: true, headers: new Map([['content-type', 'application/json']]), json: async () => served }));
    expect(at('third.example.org').brand.key).toBe('calibr');
    expect(at('third.example.org').apiBase).toBe('https://api.example.org');
    expect(at('other.example.org').brand.key).toBe('consortium');
  });
});
