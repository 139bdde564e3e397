/** The facets of the results page: kind (with counts), file type, portal, author and the day range. Where they
 * stack above the results (narrow screens), they fold behind a 'Filters' button that counts the filters in force,
 * so the results come first. */
import { useState } from 'react';
import { formatNumber, t } from '../../lib/i18n.js';
import { FILE_TYPES, fileTypeLabel, KINDS, kindLabel } from './hits.js';

/** Whether the file type filter makes sense: the kind filter is empty (every kind) or includes files. */
export function fileTypeApplies(query) {
  return !query.kind || query.kind.split(',').includes('file');
}

/** How many filters `query` holds (each chosen kind counts; a file type only where it applies). */
export function filterCount(query) {
  const kinds = query.kind ? query.kind.split(',').filter(Boolean).length : 0;
  const fileType = query.fileType && fileTypeApplies(query) ? 1 : 0;
  return kinds + fileType + ['portal', 'author', 'from', 'to'].filter((k) => query[k]).length;
}

function KindFacet({ counts, value, set }) {
  const chosen = value ? value.split(',') : [];
  const toggle = (kind) => {
    const next = chosen.includes(kind) ? chosen.filter((k) => k !== kind) : [...chosen, kind];
    // kinds that leave files out hide the file type filter: a file type kept hidden would empty the results
    set(next.length && !next.includes('file') ? { kind: next.join(','), fileType: '' } : { kind: next.join(',') });
  };
  return (
    <fieldset data-testid="facet-kind">
      <legend>{t('search.kind')}</legend>
      {KINDS.filter((k) => counts[k] || chosen.includes(k)).map((k) => (
        <label key={k} className="results__kind">
          <span>
            <input type="checkbox" checked={chosen.includes(k)} onChange={() => toggle(k)} data-testid={`facet-kind-${k}`} />
            {' '}{kindLabel(k, 2)}
          </span>
          <span className="muted">{formatNumber(counts[k] || 0)}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** One file type at a time (the API takes several, comma-separated; one is what people ask for). */
function FileTypeFacet({ value, set }) {
  return (
    <label className="field">
      <span>{t('search.fileType')}</span>
      <select value={value || ''} onChange={(e) => set({ fileType: e.target.value })} data-testid="facet-fileType">
        <option value="">{t('search.fileTypeAll')}</option>
        {FILE_TYPES.map((type) => <option key={type} value={type}>{fileTypeLabel(type, 2)}</option>)}
      </select>
    </label>
  );
}

function Choice({ label, name, options, value, set }) {
  return (
    <label className="field">
      <span>{label}</span>
      <select value={value || ''} onChange={(e) => set({ [name]: e.target.value })} data-testid={`facet-${name}`}>
        <option value="">{t('search.any')}</option>
        {options.map((o) => (
          <option key={o.id} value={String(o.id)}>{t('search.facetOption', { name: o.name || String(o.id), count: formatNumber(o.count) })}</option>
        ))}
      </select>
    </label>
  );
}

/** `facets`: the answer's; `query`: the page's (strings); `set(patch)`: change the query (back to page 1). */
export default function SearchFilters({ facets, query, set }) {
  const f = facets || { kind: {}, portal: [], author: [] };
  const [open, setOpen] = useState(false);
  const count = filterCount(query);
  return (
    <div className={`results__filters${open ? ' results__filters--open' : ''}`}>
      <button type="button" className="btn btn--small results__toggle" aria-expanded={open} aria-controls="search-facets"
        onClick={() => setOpen(!open)} data-testid="facets-toggle">
        {count ? t('search.filtersCount', { count }) : t('search.filters')}
      </button>
      <aside id="search-facets" className="results__facets" aria-label={t('search.filters')}>
        <KindFacet counts={f.kind} value={query.kind} set={set} />
        {fileTypeApplies(query) && <FileTypeFacet value={query.fileType} set={set} />}
        <Choice label={t('search.portal')} name="portal" options={f.portal} value={query.portal} set={set} />
        <Choice label={t('search.author')} name="author" options={f.author} value={query.author} set={set} />
        <fieldset>
          <legend>{t('search.written')}</legend>
          <label className="field"><span>{t('search.from')}</span>
            <input type="date" value={query.from || ''} onChange={(e) => set({ from: e.target.value })} data-testid="facet-from" />
          </label>
          <label className="field"><span>{t('search.to')}</span>
            <input type="date" value={query.to || ''} onChange={(e) => set({ to: e.target.value })} data-testid="facet-to" />
          </label>
        </fieldset>
      </aside>
    </div>
  );
}
