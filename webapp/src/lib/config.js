/**
 * Configuration by host name: the one place that decides which brand the SPA wears and
 * which API it talks to. Spec §1 (brand chosen by host) and §7 (API base by host).
 *
 * HOSTS is read top to bottom; the first entry whose `match` fits the host name wins.
 * `apiBase` is '' for same-origin (the default: nginx or the dev proxy puts /api and /json
 * beside the SPA), or a function of window.location for hosts whose API lives elsewhere.
 */

import builtInHosts from '../../../nginx/hosts.json';

export const BRANDS = {
  consortium: {
    key: 'consortium',
    name: '4RinEU',
    title: '4RinEU Collaborative Design Portal',
    tagline: 'Deep renovation, designed together',
    logo: '/brands/4rineu-logo.svg',
    mark: '/brands/4rineu-mark.svg',
    loginImage: '/brands/4rineu-login.svg',
    fundingFooter: true,
    fundingText:
      'This project has received funding from the European Union\u2019s Horizon 2020 research and innovation programme under grant agreement No 723829.',
  },
  calibr: {
    key: 'calibr',
    name: 'Calibr',
    title: 'Calibr Data Platform',
    tagline: 'Building energy data, calibrated',
    logo: '/brands/calibr-logo.svg',
    mark: '/brands/calibr-mark.svg',
    loginImage: '/brands/calibr-login.svg',
    fundingFooter: false,
    fundingText: '',
  },
};

/**
 * Host table: nginx/hosts.json, the one file sysadmins edit (spec §1 brand by host, §7 API base by host).
 * nginx serves it as /hosts.json and loadHostTable() reads it at start, so adding a host needs no
 * rebuild; the copy imported here is the fallback (vite dev, or a failed fetch).
 */

/** 'api' absent: same-origin; ':8443': the page's host on that port; otherwise a full URL. */
function apiBaseOf(api) {
  if (!api) return '';
  if (api.startsWith(':')) return (loc) => `${loc.protocol}//${loc.hostname}${api}`;
  return api.replace(/\/$/, '');
}

export function hostsFrom(table) {
  const hosts = (table && Array.isArray(table.hosts) ? table.hosts : []).map((h) => ({
    match: new RegExp(h.match, 'i'), brand: h.brand, apiBase: apiBaseOf(h.api),
  }));
  const def = (table && table.default) || {};
  const languages = Object.fromEntries(Object.entries((table && table.brands) || {}).map(([k, b]) => [k, b && b.language]));
  return { hosts, fallback: { brand: def.brand || 'consortium', apiBase: apiBaseOf(def.api) }, languages };
}

let table = hostsFrom(builtInHosts);
export const HOSTS = table.hosts;
export const DEFAULT_HOST = table.fallback;

/** The configuration for a location ({hostname, protocol}); pure, so it is testable. */
export function configForLocation(loc) {
  const hostname = (loc && loc.hostname) || '';
  const entry = table.hosts.find((h) => h.match.test(hostname)) || table.fallback;
  const apiBase = typeof entry.apiBase === 'function' ? entry.apiBase(loc) : entry.apiBase || '';
  const brand = BRANDS[entry.brand] || BRANDS.consortium;
  return { brand, apiBase, language: (table.languages || {})[brand.key] || 'en' };
}

let current;
/** The configuration of the page we run in (cached). */
export function getConfig() {
  if (!current) {
    const loc = typeof window !== 'undefined' ? window.location : { hostname: 'localhost', protocol: 'http:' };
    current = configForLocation(loc);
  }
  return current;
}

export function getBrand() {
  return getConfig().brand;
}

/** Read the served host table (nginx/hosts.json as /hosts.json); keep the built-in one if it fails. */
export async function loadHostTable(fetchImpl = typeof fetch !== 'undefined' ? fetch : null) {
  if (!fetchImpl) return;
  try {
    const res = await fetchImpl('/hosts.json', { cache: 'no-cache' });
    const type = (res.headers && res.headers.get && res.headers.get('content-type')) || '';
    if (res.ok && type.includes('json')) {
      const fresh = hostsFrom(await res.json());
      if (fresh.hosts.length) {
        table = fresh;
        current = undefined;
      }
    }
  } catch {
    /* keep the built-in table */
  }
}
