/**
 * The pseudo-locale (issue 43): English messages with every letter accented and each message in brackets, so that a
 * text left out of the catalogs stands out on screen ('Sign in' -> '[Ŝîĝñ îñ]'). Placeholders and plural forms
 * keep their shape: only literal text changes.
 */
const ACCENTS = {
  a: 'á', b: 'ƀ', c: 'ç', d: 'ð', e: 'é', f: 'ƒ', g: 'ĝ', h: 'ĥ', i: 'î', j: 'ĵ', k: 'ķ', l: 'ļ', m: 'ɱ', n: 'ñ',
  o: 'ö', p: 'þ', q: 'ǫ', r: 'ŕ', s: 'š', t: 'ţ', u: 'û', v: 'ṽ', w: 'ŵ', x: 'ẋ', y: 'ý', z: 'ž',
  A: 'Á', B: 'Ɓ', C: 'Ç', D: 'Ð', E: 'É', F: 'Ƒ', G: 'Ĝ', H: 'Ĥ', I: 'Î', J: 'Ĵ', K: 'Ķ', L: 'Ļ', M: 'Ṁ', N: 'Ñ',
  O: 'Ö', P: 'Þ', Q: 'Ǫ', R: 'Ŕ', S: 'Ŝ', T: 'Ţ', U: 'Û', V: 'Ṽ', W: 'Ŵ', X: 'Ẋ', Y: 'Ý', Z: 'Ž',
};

export function accent(text) {
  return String(text).replace(/[A-Za-z]/g, (c) => ACCENTS[c]);
}

function walk(elements) {
  return elements.map((el) => {
    if (el.type === 0) return { ...el, value: accent(el.value) };
    if (el.options) {
      const options = {};
      for (const [k, v] of Object.entries(el.options)) options[k] = { ...v, value: walk(v.value) };
      return { ...el, options };
    }
    if (el.children) return { ...el, children: walk(el.children) };
    return el;
  });
}

/** The pseudo-locale of one namespace's parsed English messages. */
export function pseudoCatalog(messages) {
  const out = {};
  for (const [key, ast] of Object.entries(messages)) out[key] = [{ type: 0, value: '[' }, ...walk(ast), { type: 0, value: ']' }];
  return out;
}
