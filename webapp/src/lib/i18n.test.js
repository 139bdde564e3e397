import fs from 'node:fs';
import path from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { addCatalog, CODES, intlLocale, setLanguage, t } from './i18n.js';
import { accent, pseudoCatalog } from './pseudoLocale.js';

// Every catalog of every language, parsed by the build's plugin (i18n-plugin.js).
const all = import.meta.glob('../locales/*/*.json', { eager: true, import: 'default' });
const byLanguage = {};
for (const [p, messages] of Object.entries(all)) {
  const [, language, ns] = p.match(/locales\/([^/]+)\/([^/]+)\.json$/);
  (byLanguage[language] ||= {})[ns] = messages;
}
const keysOf = (language) => Object.entries(byLanguage[language] || {})
  .flatMap(([ns, messages]) => Object.keys(messages).map((k) => `${ns}.${k}`)).sort();

/** Every literal key of t('ns.key') in the webapp's code (tests excluded). */
function usedKeys() {
  const root = path.resolve(__dirname, '..');
  const used = new Set();
  const visit = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (/\.(js|jsx)$/.test(entry.name) && !/\.test\.(js|jsx)$/.test(entry.name)) {
        for (const m of fs.readFileSync(full, 'utf8').matchAll(/\bt\(\s*'([a-zA-Z0-9_]+\.[a-zA-Z0-9_.]+)'/g)) used.add(m[1]);
      }
    }
  };
  visit(root);
  return used;
}

describe('catalogs', () => {
  const english = keysOf('en');

  test('every language has every English key, and no other', () => {
    expect(english.length).toBeGreaterThan(0);
    for (const language of CODES.filter((c) => c !== 'en')) {
      const keys = keysOf(language);
      expect({ language, missing: english.filter((k) => !keys.includes(k)) }).toEqual({ language, missing: [] });
      expect({ language, extra: keys.filter((k) => !english.includes(k)) }).toEqual({ language, extra: [] });
    }
  });

  test('every key the code uses is in the catalogs, and every key is used', () => {
    const used = usedKeys();
    expect([...used].filter((k) => !english.includes(k))).toEqual([]);
    expect(english.filter((k) => !used.has(k))).toEqual([]);
  });

  test('a translation keeps the placeholders of its English message', () => {
    const names = (ast) => ast.flatMap((el) => [el.value && el.type !== 0 ? el.value : null,
      ...(el.options ? Object.values(el.options).flatMap((o) => names(o.value)) : [])]).filter(Boolean);
    for (const language of CODES.filter((c) => c !== 'en')) {
      for (const [ns, messages] of Object.entries(byLanguage[language] || {})) {
        for (const [key, ast] of Object.entries(messages)) {
          const en = byLanguage.en[ns][key];
          if (!en) continue;
          expect({ key: `${language}/${ns}.${key}`, names: [...new Set(names(ast))].sort() })
            .toEqual({ key: `${language}/${ns}.${key}`, names: [...new Set(names(en))].sort() });
        }
      }
    }
  });
});

describe('formatting', () => {
  test('plural forms follow each language (0, 1, 2, 5, 21)', () => {
    const ast = [{ type: 6, value: 'n', offset: 0, pluralType: 'cardinal', options: {
      one: { value: [{ type: 0, value: 'one' }] }, other: { value: [{ type: 0, value: 'other' }] } } }];
    const forms = (language) => [0, 1, 2, 5, 21].map((n) => new IntlMessageFormat(ast, intlLocale(language)).format({ n }));
    expect(forms('en')).toEqual(['other', 'one', 'other', 'other', 'other']);
    expect(forms('de')).toEqual(['other', 'one', 'other', 'other', 'other']);
    expect(forms('fr')).toEqual(['one', 'one', 'other', 'other', 'other']);
    expect(forms('it')).toEqual(['other', 'one', 'other', 'other', 'other']);
    expect(forms('es')).toEqual(['other', 'one', 'other', 'other', 'other']);
    expect(forms('pt')).toEqual(['other', 'one', 'other', 'other', 'other']);
  });

  test('a missing key shows as itself; the pseudo-locale accents and brackets', async () => {
    expect(t('common.noSuchKey')).toBe('common.noSuchKey');
    expect(accent('Sign in')).toBe('Ŝîĝñ îñ');
    addCatalog('en', 'zz', { n: [{ type: 0, value: 'Tasks: ' }, { type: 1, value: 'count' }] });
    const pseudo = pseudoCatalog({ n: byLanguage.en.common.skipToContent });
    expect(pseudo.n.map((e) => e.value).join('')).toBe('[Ŝķîþ ţö çöñţéñţ]');
    await setLanguage('de');
    expect(t('common.skipToContent')).toBe(byLanguage.de.common.skipToContent[0].value);
    expect(document.documentElement.lang).toBe('de');
    await setLanguage('en');
    expect(t('zz.n', { count: 3 })).toBe('Tasks: 3');
  });
});
