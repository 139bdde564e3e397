/**
 * Catalogs (src/locales/{language}/{namespace}.json, ICU messages) are parsed here, at build time: the app receives
 * ASTs and ships intl-messageformat without its parser (vite.config.js aliases it away). A message that does not
 * parse fails the build, naming the file and the key.
 */
import { parse } from '@formatjs/icu-messageformat-parser';

const CATALOG = /\/src\/locales\/[^/]+\/[^/]+\.json$/;

export function compileCatalog(source, file = 'catalog') {
  const out = {};
  for (const [key, message] of Object.entries(JSON.parse(source))) {
    if (typeof message !== 'string') throw new Error(`${file}: ${key} is not a string`);
    try {
      out[key] = parse(message, { ignoreTag: true });
    } catch (err) {
      throw new Error(`${file}: ${key} is not an ICU message (${err.message})`);
    }
  }
  return JSON.stringify(out);
}

export default function icuCatalogs() {
  return {
    name: 'icu-catalogs',
    enforce: 'pre',
    transform(code, id) {
      const path = id.split('?')[0];
      if (!CATALOG.test(path)) return null;
      return { code: compileCatalog(code, path), map: null };
    },
  };
}
