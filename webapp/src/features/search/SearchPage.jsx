/**
 * /search?q=… (signed in): every hit of a query, a page at a time, best first, with the facets (kind, file type,
 * portal, author, the day range) and the module it is limited to (`module`, from the box's 'only here' toggle).
 * The query lives in the address, so a search can be bookmarked, shared and reloaded.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import Loading from '../../components/Loading.jsx';
import Pager from '../../components/dataTable/Pager.jsx';
import '../../components/DataTable.css';
import useFetch from '../../hooks/useFetch.js';
import { t } from '../../lib/i18n.js';
import { scopeModule, searchItems } from './api.js';
import HitCard from './HitCard.jsx';
import { countLabel } from './hits.js';
import SearchFilters, { fileTypeApplies } from './SearchFilters.jsx';
import './search.css';

export const PAGE_SIZES = [10, 20, 50];
const KEYS = ['q', 'kind', 'fileType', 'portal', 'author', 'from', 'to', 'module', 'page', 'perPage'];

/** The query of the address, and set(patch): any change but the page goes back to page 1. */
function useAddressQuery() {
  const [params, setParams] = useSearchParams();
  const query = Object.fromEntries(KEYS.map((k) => [k, params.get(k) || '']));
  const set = (patch) => {
    const next = { ...query, page: '', ...patch };
    setParams(Object.fromEntries(Object.entries(next).filter(([, v]) => v !== '' && v !== undefined && v !== null)
      .map(([k, v]) => [k, String(v)])));
  };
  return [query, set];
}

function QueryForm({ q, set }) {
  const [typed, setTyped] = useState(null);
  const value = typed === null ? q : typed;
  return (
    <form className="results__form" role="search" onSubmit={(e) => { e.preventDefault(); setTyped(null); set({ q: value.trim() }); }}>
      <input type="search" aria-label={t('search.searchFor')} value={value} onChange={(e) => setTyped(e.target.value)} data-testid="results-input" />
      <button type="submit" className="btn btn--primary">{t('common.search')}</button>
    </form>
  );
}

function Scope({ moduleId, set }) {
  const { data } = useFetch(moduleId ? scopeModule : null, [moduleId]);
  if (!moduleId) return null;
  return (
    <div className="results__scope" data-testid="results-scope">
      <span className="tag">
        {data ? t('search.onlyInModule', { type: data.typeLabel, name: data.name }) : t('search.onlyInId', { id: moduleId })}
      </span>
      <button type="button" className="btn btn--small" onClick={() => set({ module: '' })}>{t('search.searchEverywhere')}</button>
    </div>
  );
}

function Results({ answer, query, set }) {
  const total = answer.meta.total;
  const page = Number(query.page) || 1;
  const perPage = Number(query.perPage) || 20;
  const pageCount = Math.ceil(total / perPage); // beyond the server's cap (1,000), no page: the query is refined
  const table = {
    canPreviousPage: page > 1, canNextPage: page < pageCount, pageCount, go: (i) => set({ page: i + 1 }),
    changePageSize: (n) => set({ perPage: n }), state: { pageIndex: page - 1, pageSize: perPage },
  };
  if (!answer.list.length) {
    return <div className="empty" data-testid="results-empty">{t('search.noResultsFor', { q: query.q })}</div>;
  }
  return (
    <>
      {answer.meta.correctedQuery && (
        <p className="muted" data-testid="results-corrected">{t('search.showingResultsFor', { q: answer.meta.correctedQuery })}</p>
      )}
      <ul className="results__list" data-testid="results">
        {answer.list.map((hit) => <HitCard key={hit.key} hit={hit} />)}
      </ul>
      <Pager table={table} pageSizes={PAGE_SIZES} count={t('search.resultCount', { count: total, total: countLabel(answer.meta) })} />
    </>
  );
}

export default function SearchPage() {
  const [query, set] = useAddressQuery();
  // a file type the kinds leave out (an address typed by hand) is hidden with its filter: not sent either
  const sent = { ...query, fileType: fileTypeApplies(query) ? query.fileType : '', perPage: query.perPage || 20 };
  const state = useFetch(query.q ? searchItems : null, [sent], { keep: true });
  const answer = state.data;
  return (
    <div className="page" data-testid="search-page">
      <h1 className="page__title">{t('common.search')}</h1>
      <QueryForm key={query.q} q={query.q} set={set} />
      <Scope moduleId={query.module} set={set} />
      {!query.q && <p className="muted">{t('search.help')}</p>}
      {query.q && (
        <div className="results" aria-busy={state.status === 'reloading' || undefined}>
          <SearchFilters facets={answer && answer.facets} query={query} set={set} />
          <section aria-label={t('search.results')}>
            {state.status === 'failed' && <div className="form__error" role="alert">{state.error}</div>}
            {state.status === 'loading' && <Loading inline />}
            {answer && <Results answer={answer} query={query} set={set} />}
          </section>
        </div>
      )}
    </div>
  );
}
