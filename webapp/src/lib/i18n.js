/**
 * The one way the webapp says things (issue 43): `t(key, values)` (key: 'namespace.name') formats an ICU message of the
 * current language (FormatJS intl-messageformat; catalogs arrive parsed, see i18n-plugin.js). Catalogs live in
 * src/locales/{language}/{namespace}.json and are loaded by group: the signed-out pages' namespaces at start, the
 * rest with the signed-in app's chunk. Keys are literal strings in the code (the catalog test checks that every
 * key used exists in every language and that every key is used).
 *
 * The language: the one chosen (stored here and, signed in, on the account), else the browser's, else the brand's.
 * Changing it loads its catalogs first, then re-renders the whole app (main.jsx keys the tree by it).
 */
import { IntlMessageFormat } from 'intl-messageformat';

export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'de', name: 'Deutsch' },
  { code: 'fr', name: 'Français' },
  { code: 'it', name: 'Italiano' },
  { code: 'es', name: 'Español' },
  { code: 'pt', name: 'Português' },
];
export const CODES = LANGUAGES.map((l) => l.code);
/** Every string wrapped and accented ('[Ŝîĝñ îñ]'): the browser test of forgotten strings uses it (?lang=pseudo). */
export const PSEUDO = 'pseudo';
/** What the signed-out pages need at once; 'public' (the legal pages' long texts) comes with those pages. */
export const SIGNED_OUT = ['common', 'auth', 'format'];
const STORAGE_KEY = 'language';

// The signed-out namespaces' loaders are in the entry; the others' come with the signed-in app (appCatalogs.js).
const signedOutCatalogs = import.meta.glob('../locales/*/{common,auth,format,public}.json', { import: 'default' });
const state = { locale: 'en', groups: new Set(), listeners: new Set() };
const store = {}; // language -> {key: AST}
const loaded = new Set(); // 'de/gantt'
const formatters = new Map();

const loaders = { ...signedOutCatalogs };

function namespaces(group) {
  return Object.keys(loaders).filter((p) => p.includes('/en/'))
    .map((p) => p.slice(p.lastIndexOf('/') + 1, -'.json'.length))
    .filter((ns) => {
      if (group === 'signedOut') return SIGNED_OUT.includes(ns);
      if (group === 'public') return ns === 'public';
      return !SIGNED_OUT.includes(ns);
    });
}

/** Put one namespace's parsed messages in (the catalog loader, and the tests' set-up). */
export function addCatalog(language, ns, messages) {
  const target = store[language] || (store[language] = {});
  for (const [key, ast] of Object.entries(messages)) target[`${ns}.${key}`] = ast;
  loaded.add(`${language}/${ns}`);
}

async function loadNamespace(language, ns) {
  if (loaded.has(`${language}/${ns}`)) return;
  if (language === PSEUDO) {
    await loadNamespace('en', ns);
    const { pseudoCatalog } = await import('./pseudoLocale.js');
    const prefix = `${ns}.`;
    const en = Object.fromEntries(Object.entries(store.en).filter(([k]) => k.startsWith(prefix)).map(([k, v]) => [k.slice(prefix.length), v]));
    addCatalog(PSEUDO, ns, pseudoCatalog(en));
    return;
  }
  const load = loaders[`../locales/${language}/${ns}.json`];
  addCatalog(language, ns, load ? await load() : {});
}

/**
 * Load a group ('signedOut', 'public': the signed-out legal pages, or 'app') of the current language; what else it
 * needs (moment's locale) too.
 */
export async function loadGroup(group, language = state.locale) {
  if (group === 'app') Object.assign(loaders, (await import('./appCatalogs.js')).default);
  await Promise.all(namespaces(group).map((ns) => loadNamespace(language, ns)));
  // moment (and its locale data) belongs to the signed-in app's chunk: never to the login page's.
  if (group === 'app') await import('./momentLocale.js').then((m) => m.applyMomentLocale(language));
  if (language === state.locale) state.groups.add(group);
}

/** The Intl locale of a language (the pseudo-locale formats as English). */
export function intlLocale(language = state.locale) {
  return language === PSEUDO ? 'en-GB' : { en: 'en-GB', pt: 'pt-PT' }[language] || language;
}

const numberFormats = new Map();
/** A number with the language's separators (Intl.NumberFormat; `options` as its own). */
export function formatNumber(value, options = {}) {
  const id = `${state.locale}\u0000${JSON.stringify(options)}`;
  let f = numberFormats.get(id);
  if (!f) {
    f = new Intl.NumberFormat(intlLocale(), options);
    numberFormats.set(id, f);
  }
  return f.format(value);
}

export function getLanguage() {
  return state.locale;
}

export function subscribeLanguage(fn) {
  state.listeners.add(fn);
  return () => state.listeners.delete(fn);
}

/**
 * The message of `key` in the current language, formatted with `values` ({count: 2}); the key itself if missing.
 * A string, or an array React renders when a value is an element ({title: <strong>…</strong>}).
 */
export function t(key, values) {
  const messages = store[state.locale] || {};
  const ast = messages[key];
  if (ast === undefined) return key;
  if (!values && ast.length === 1 && ast[0].type === 0) return ast[0].value;
  const id = `${state.locale}\u0000${key}`;
  let f = formatters.get(id);
  if (!f) {
    f = new IntlMessageFormat(ast, intlLocale());
    formatters.set(id, f);
  }
  return f.format(values);
}

/**
 * A type's label (the server's, 'Tasks') inside a sentence ('No tasks yet'): lowercased, except in German, whose
 * nouns keep their capital ('Noch keine Aufgaben').
 */
export function inSentence(label) {
  const text = String(label || '');
  return state.locale === 'de' ? text : text.toLocaleLowerCase();
}

function known(code) {
  return code === PSEUDO || CODES.includes(code) ? code : null;
}

/** The language to start in: ?lang=, the stored choice, the browser's languages, else the brand's default. */
export function initialLanguage(brandDefault) {
  const query = typeof window !== 'undefined' ? new URLSearchParams(window.location.search).get('lang') : null;
  let stored = null;
  try { stored = window.localStorage.getItem(STORAGE_KEY); } catch { /* storage refused: not remembered */ }
  const browser = (typeof navigator !== 'undefined' && (navigator.languages || [navigator.language])) || [];
  const fromBrowser = browser.map((l) => String(l || '').slice(0, 2).toLowerCase()).find((c) => CODES.includes(c));
  return known(query) || known(stored) || fromBrowser || known(brandDefault) || 'en';
}

/** The stored choice of this browser (null: never chosen here). */
export function storedLanguage() {
  try { return known(window.localStorage.getItem(STORAGE_KEY)); } catch { return null; }
}

/**
 * Switch to `language`: its catalogs for every group loaded so far, then the switch (listeners re-render the app).
 * `remember`: keep it as this browser's choice (the picker; signed in, the account keeps it too).
 */
export async function setLanguage(language, { remember = false } = {}) {
  const code = known(language) || 'en';
  if (remember) {
    try { window.localStorage.setItem(STORAGE_KEY, code); } catch { /* not remembered here; the account keeps it */ }
  }
  const groups = state.groups.size ? [...state.groups] : ['signedOut'];
  await Promise.all(groups.map((g) => loadGroup(g, code)));
  state.locale = code;
  if (typeof document !== 'undefined') document.documentElement.lang = code === PSEUDO ? 'en' : code;
  state.listeners.forEach((fn) => fn(code));
}

const PICKED = 'languagePickedSignedOut';

/** The login page's picker: the choice waits to be kept on the account at sign-in (lib/accountLanguage.js). */
export function pickedSignedOut(code) {
  try { window.sessionStorage.setItem(PICKED, code); } catch { /* kept in this browser only */ }
}

/** The choice the login page's picker left, once (null: none). */
export function takePickedSignedOut() {
  try {
    const code = window.sessionStorage.getItem(PICKED);
    window.sessionStorage.removeItem(PICKED);
    return code;
  } catch { return null; }
}
