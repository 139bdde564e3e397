/** How the DataTable matches, filters and sorts rows in client mode (search, column filters, default sort). */

/** Lower case without accents, for comparisons. */
export function fold(value) {
  return String(value === null || value === undefined ? '' : value)
    .normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/** Whether `word` occurs in `text` as a substring, or its letters in order with small gaps. */
function wordMatches(text, word) {
  if (text.includes(word)) return true;
  if (word.length < 3) return false;
  const maxSpan = word.length * 2;
  for (let start = text.indexOf(word[0]); start !== -1; start = text.indexOf(word[0], start + 1)) {
    let pos = start;
    let ok = true;
    for (let i = 1; i < word.length; i += 1) {
      pos = text.indexOf(word[i], pos + 1);
      if (pos === -1 || pos - start >= maxSpan) { ok = false; break; }
    }
    if (ok) return true;
  }
  return false;
}

/**
 * Fuzzy match of a query against the texts of a row: every word of the query must match one of the
 * texts, as a substring or as its letters in order with small gaps ('enrgy' finds 'Energy', 'mrc' 'Marco').
 */
export function fuzzyMatch(texts, query) {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const folded = (Array.isArray(texts) ? texts : [texts]).map(fold);
  return words.every((w) => folded.some((t) => wordMatches(t, w)));
}

const blank = (v) => !v || !String(v).trim();

/** Prefix text filter (case and accent blind). */
export function prefixFilter(rows, ids, filterValue) {
  const want = fold(filterValue).trim();
  if (!want) return rows;
  return rows.filter((row) => ids.some((id) => fold(row.values[id]).startsWith(want)));
}
prefixFilter.autoRemove = blank;

export const isNum = (v) => typeof v === 'number' && Number.isFinite(v);

/** Min/max range filter: [min, max], either side may be missing. */
export function rangeFilter(rows, ids, filterValue) {
  const [min, max] = filterValue || [];
  return rows.filter((row) => ids.some((id) => {
    const v = Number(row.values[id]);
    if (row.values[id] === null || row.values[id] === undefined || Number.isNaN(v)) return false;
    return (!isNum(min) || v >= min) && (!isNum(max) || v <= max);
  }));
}
rangeFilter.autoRemove = (v) => !v || (!isNum(v[0]) && !isNum(v[1]));

/** The global search of a table: every row whose cells (through their columns' `searchText`) match the query. */
export function globalSearch(searchTextOf) {
  const fn = (rows, ids, query) => rows.filter((row) => fuzzyMatch(
    ids.map((id) => (searchTextOf[id] ? searchTextOf[id](row.values[id], row.original) : row.values[id])), query,
  ));
  fn.autoRemove = blank;
  return fn;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Default sort: numbers as numbers, text in the reader's alphabet ('Émile' next to 'Elena'), empty last. */
export function naturalSort(rowA, rowB, id) {
  const a = rowA.values[id];
  const b = rowB.values[id];
  const emptyA = a === null || a === undefined || a === '';
  const emptyB = b === null || b === undefined || b === '';
  if (emptyA || emptyB) return emptyA === emptyB ? 0 : (emptyA ? 1 : -1);
  if (typeof a === 'number' && typeof b === 'number') return a === b ? 0 : (a > b ? 1 : -1);
  if (typeof a === 'boolean' || typeof b === 'boolean') return Number(a) - Number(b);
  return collator.compare(String(a), String(b));
}
