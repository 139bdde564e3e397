/** The effort report's table (issue 45): organisations × work packages, each cell 'actual / planned PM' and its
 *  status in words and a shape, the totals of each row and column; it scrolls sideways in its own box. */
import { t } from '../../lib/i18n.js';
import { STATUS_ICONS, STATUSES, organisationName, pm, statusLabel } from './effortHelpers.js';

function Figures({ total }) {
  return <span className="effort-cell__pm">{t('effortReport.actualOfPlanned', { actual: pm(total.actualPm), planned: pm(total.plannedPm) })}</span>;
}

/** A total: its figures, and its status when the server gives one. */
function Total({ total }) {
  return <><Figures total={total} />{total.status && total.status !== 'ok' && <StatusMark status={total.status} />}</>;
}

/** A status as its shape (hidden from screen readers, which read the words) and its words. */
export function StatusMark({ status }) {
  if (!STATUSES.includes(status)) return null;
  return (
    <span className={`effort-status effort-status--${status}`}>
      <span className="effort-status__icon" aria-hidden="true">{STATUS_ICONS[status]}</span> {statusLabel(status)}
    </span>
  );
}

function Cell({ pkg, organisation, cell }) {
  const status = cell ? cell.status : 'none';
  return (
    <td className={`effort-cell effort-cell--${status}`} data-testid="effort-cell" data-module={pkg.id}
      data-organisation={organisation} data-status={status}>
      {cell ? <><Figures total={cell} /><StatusMark status={cell.status} /></> : <><span className="muted" aria-hidden="true">—</span><span className="sr-only">{t('effortReport.nothing')}</span></>}
    </td>
  );
}

/** What the shapes of the cells mean. */
export function StatusLegend() {
  return (
    <ul className="effort-legend" aria-label={t('effortReport.legend')}>
      {STATUSES.map((s) => <li key={s}><StatusMark status={s} /></li>)}
    </ul>
  );
}

export default function ReportTable({ matrix }) {
  const caption = t('effortReport.tableCaption');
  const { organisations, packages } = matrix;
  return (
    // Focusable: a box that scrolls sideways can be scrolled from the keyboard (axe scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="effort__scroll" tabIndex={0} role="region" aria-label={caption} data-testid="effort-table">
      <table className="effort-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('effortReport.organisation')}</th>
            {packages.map((p) => <th key={p.id} scope="col">{p.name}</th>)}
            <th scope="col" className="effort-table__total">{t('effortReport.total')}</th>
          </tr>
        </thead>
        <tbody>
          {organisations.map((org) => (
            <tr key={org}>
              <th scope="row">{organisationName(org)}</th>
              {packages.map((p) => <Cell key={p.id} pkg={p} organisation={org} cell={matrix.cell(p.id, org)} />)}
              <td className="effort-table__total" data-testid="effort-row-total" data-organisation={org}><Total total={matrix.organisationTotal(org)} /></td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('effortReport.total')}</th>
            {packages.map((p) => (
              <td key={p.id} className="effort-table__total" data-testid="effort-column-total" data-module={p.id}><Total total={matrix.packageTotal(p.id)} /></td>
            ))}
            <td className="effort-table__total" data-testid="effort-grand-total"><Total total={matrix.total} /></td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
