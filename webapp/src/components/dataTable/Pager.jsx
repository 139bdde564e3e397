/** The DataTable's pager: Back, 'Page n of m', Next, go to page, rows per page and the row count. */
import { useState } from 'react';
import { formatNumber, t } from '../../lib/i18n.js';

/** The go-to box: what was typed on this page, else the page number itself. */
function GoTo({ pageIndex, pageCount, go }) {
  const [typed, setTyped] = useState(null); // {pageIndex, text}
  const value = typed && typed.pageIndex === pageIndex ? typed.text : String(pageIndex + 1);
  const change = (text) => {
    setTyped({ pageIndex, text });
    const n = parseInt(text, 10);
    if (Number.isFinite(n)) go(Math.min(Math.max(n, 1), Math.max(pageCount, 1)) - 1);
  };
  return (
    <label className="dt__goto">
      {t('components.goToPage')}
      <input type="number" min={1} max={Math.max(pageCount, 1)} value={value} data-testid="dt-goto"
        onChange={(e) => change(e.target.value)} />
    </label>
  );
}

export default function Pager({ table, pageSizes, count }) {
  const { canPreviousPage, canNextPage, pageCount, go, changePageSize, state: { pageIndex, pageSize } } = table;
  return (
    <div className="dt__pager" data-testid="dt-pager">
      <button type="button" className="btn btn--small" onClick={() => go(pageIndex - 1)} disabled={!canPreviousPage}
        data-testid="dt-back">
        {t('common.back')}
      </button>
      <span className="dt__pageinfo" data-testid="dt-pageinfo">
        {t('components.pageOf', {
          page: <strong key="page">{formatNumber(pageCount ? pageIndex + 1 : 0)}</strong>,
          pages: <strong key="pages">{formatNumber(pageCount)}</strong>,
        })}
      </span>
      <button type="button" className="btn btn--small" onClick={() => go(pageIndex + 1)} disabled={!canNextPage}
        data-testid="dt-next">
        {t('common.next')}
      </button>
      <GoTo pageIndex={pageIndex} pageCount={pageCount} go={go} />
      <select value={pageSize} aria-label={t('components.rowsPerPage')} data-testid="dt-pagesize"
        onChange={(e) => changePageSize(Number(e.target.value))}>
        {pageSizes.map((n) => <option key={n} value={n}>{t('components.showCount', { n: formatNumber(n) })}</option>)}
      </select>
      <span className="dt__count muted" data-testid="dt-count">{count}</span>
    </div>
  );
}
