import { t } from '../../lib/i18n.js';
import { Scroll } from './parts.jsx';

/** The problems of a mapping, in words (as the server checks it): a column must be the name, predecessors need the
 * WBS codes they name, no target twice. */
export function mappingProblems(columns, mapping) {
  const chosen = Object.values(mapping).filter(Boolean);
  const problems = [];
  if (!chosen.includes('name')) problems.push(t('imports.nameRequired'));
  if (chosen.includes('predecessors') && !chosen.includes('wbs')) problems.push(t('imports.predecessorsNeedWbs'));
  const labels = new Map((columns.targets || []).map((x) => [x.value, x.label]));
  [...new Set(chosen.filter((v, i) => chosen.indexOf(v) !== i))]
    .forEach((v) => problems.push(t('imports.chosenTwice', { target: labels.get(v) || v })));
  return problems;
}

/** The mapping as sent: the columns imported, each with its target. */
export const chosenMapping = (mapping) => Object.fromEntries(Object.entries(mapping).filter(([, v]) => v));

/**
 * Each column of the sheet (by its header) and what it imports as: the server's guess by header, changed by hand
 * (or 'Not imported'). `columns`: the columns answer {headers, targets, rows}; `onChange(header, target)`.
 */
export default function ColumnMapping({ columns, mapping, onChange, disabled }) {
  const problems = mappingProblems(columns, mapping);
  return (
    <div className="import-mapping" data-testid="column-mapping">
      <p className="muted">{t('imports.columnsFound', { columns: columns.headers.length, rows: columns.rows || 0 })}</p>
      <Scroll label={t('imports.mappingCaption')}>
      <table className="table import-mapping__table">
        <caption className="import-caption">{t('imports.mappingCaption')}</caption>
        <thead><tr><th scope="col">{t('imports.columnInFile')}</th><th scope="col">{t('imports.importAs')}</th></tr></thead>
        <tbody>
          {columns.headers.map((header) => (
            <tr key={header} data-testid="mapping-row">
              <th scope="row" className="import-wrap">{header}</th>
              <td>
                <select className="import-select" value={mapping[header] || ''} disabled={disabled} data-testid="mapping-select"
                  aria-label={t('imports.importColumnAs', { header })} onChange={(e) => onChange(header, e.target.value)}>
                  <option value="">{t('imports.notImported')}</option>
                  {columns.targets.map((x) => <option key={x.value} value={x.value}>{x.label}</option>)}
                </select>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      </Scroll>
      {problems.length > 0 && (
        <ul className="form__error import-problems" data-testid="mapping-problems">
          {problems.map((p) => <li key={p}>{p}</li>)}
        </ul>
      )}
    </div>
  );
}
