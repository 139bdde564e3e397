/** The open list of the search box: the hits grouped by kind (ARIA listbox with groups), then 'See all results'. */
import { useEffect } from 'react';
import { formatNumber, t } from '../../lib/i18n.js';
import { countLabel, hitTitle } from './hits.js';
import Marked from './Marked.jsx';

export const LISTBOX = 'search-listbox';
export const optionId = (index) => `search-option-${index}`;

function Option({ index, active, onPick, children, testId, kind }) {
  return (
    // Keyboard use is the combobox's (the input keeps focus: ↑ ↓ Enter); a pointer picks with a click.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events
    <li role="option" id={optionId(index)} aria-selected={index === active} data-testid={testId} data-kind={kind}
      className={index === active ? 'search__option search__option--on' : 'search__option'}
      onMouseDown={(e) => e.preventDefault()} onClick={() => onPick(index)}>
      {children}
    </li>
  );
}

function Hit({ hit }) {
  return (
    <>
      <Marked className="search__title" text={hitTitle(hit)} testId="search-hit-title" />
      <span className="search__crumb">{(hit.breadcrumb || []).join(' › ')}</span>
      {hit.snippet && <Marked className="search__snippet" text={hit.snippet} />}
    </>
  );
}

/** `box`: useSearchBox()'s state. */
export default function SearchList({ box }) {
  const { groups, options, active, answer, q, status, error, choose } = box;
  const total = answer ? countLabel(answer.meta) : '0';
  const count = (answer && answer.meta.total) || 0;
  const corrected = answer && answer.meta.correctedQuery;
  // Each group's first option index: the options are numbered across the groups, in order.
  const starts = groups.map((_, i) => groups.slice(0, i).reduce((n, g) => n + g.hits.length, 0));
  const empty = answer && !options.length;
  useEffect(() => {
    // ↑ ↓ keep the active option in sight when the list is longer than its box (the input keeps the focus)
    const el = active >= 0 ? document.getElementById(optionId(active)) : null;
    if (el && el.scrollIntoView) el.scrollIntoView({ block: 'nearest' });
  }, [active]);
  return (
    // A list longer than its box scrolls: the panel is a tab stop too, so the keyboard can scroll it as well as
    // move through it with ↑ ↓ from the input (WCAG 2.1.1; axe's scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="search__panel" data-testid="search-panel" role="region" aria-label={t('search.resultsFor', { q })} tabIndex={0}>
      <div role="status" className="sr-only">{answer ? t('search.resultsCount', { count, total }) : ''}</div>
      {status === 'failed' && <div className="form__error" role="alert">{error}</div>}
      {corrected && <div className="search__corrected" data-testid="search-corrected">{t('search.showingResultsFor', { q: corrected })}</div>}
      {empty && <div className="search__empty" data-testid="search-empty">{t('search.noResultsFor', { q })}</div>}
      <ul role="listbox" id={LISTBOX} aria-label={t('search.searchResults')} className="search__list">
        {groups.map((g, gi) => (
          <li role="presentation" key={g.kind}>
            <div className="search__group" id={`search-group-${g.kind}`} data-testid="search-group">
              {g.label} <span className="search__count">{formatNumber(g.total)}</span>
            </div>
            <ul role="group" aria-labelledby={`search-group-${g.kind}`}>
              {g.hits.map((hit, hi) => (
                <Option key={hit.key} index={starts[gi] + hi} active={active} onPick={choose} testId="search-hit" kind={hit.kind}>
                  <Hit hit={hit} />
                </Option>
              ))}
            </ul>
          </li>
        ))}
        {q && (
          <Option index={options.length} active={active} onPick={choose} testId="search-all">
            <span className="search__all">{answer ? t('search.seeAllCount', { count, total }) : t('search.seeAll')}</span>
          </Option>
        )}
      </ul>
    </div>
  );
}
