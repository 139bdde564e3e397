/**
 * Configuration by host name: the one place that decides which brand the SPA wears and
 * which API it talks to. Spec §1 (brand chosen by host) and §7 (API base by host).
 *
 * HOSTS is read top to bottom; the first entry whose `match` fits the host name wins.
 * `apiBase` is '' for same-origin (the default: nginx or the dev proxy puts /api and /json
 * beside the SPA), or a function of window.location for hosts whose API lives elsewhere.
 */

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

const sameOrigin = '';
const port8443 = (loc) => `${loc.protocol}//${loc.hostname}:8443`;

/**
 * Host table. The spec's rules, expressed as data:
 *  - the consultancy's production data-platform host uses its API on port 8443;
 *  - the EU project's production hosts use their own API on port 8443;
 *  - local, staging and any other host use same-origin (nginx / dev proxy).
 */
export const HOSTS = [
  { match: /^data\.calibr\.eu$/i, brand: 'calibr', apiBase: port8443 },
  { match: /^(portal|www)\.4rineu\.eu$/i, brand: 'consortium', apiBase: port8443 },
  { match: /calibr/i, brand: 'calibr', apiBase: sameOrigin },
  { match: /4rineu/i, brand: 'consortium', apiBase: sameOrigin },
  { match: /^(localhost|127\.0\.0\.1|\[::1\])$/i, brand: 'consortium', apiBase: sameOrigin },
];

export const DEFAULT_HOST = { brand: 'consortium', apiBase: sameOrigin };

/** The configuration for a location ({hostname, protocol}); pure, so it is testable. */
export function configForLocation(loc) {
  const hostname = (loc && loc.hostname) || '';
  const entry = HOSTS.find((h) => h.match.test(hostname)) || DEFAULT_HOST;
  const apiBase = typeof entry.apiBase === 'function' ? entry.apiBase(loc) : entry.apiBase || '';
  return { brand: BRANDS[entry.brand] || BRANDS.consortium, apiBase };
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
