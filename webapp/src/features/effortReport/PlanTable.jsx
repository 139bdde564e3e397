/** The effort plan's table (issue 45): work packages as rows, organisations as columns, each cell the planned
 *  person-months (an input where the plan may be saved), the totals of each row and column. */
import { useId } from 'react';
import { t } from '../../lib/i18n.js';
import { organisationName, planKey, pm, sumValues } from './effortHelpers.js';

function PlanCell({ pkg, organisation, value, error, editable, onChange }) {
  const key = planKey(pkg.id, organisation);
  const errorId = useId();
  if (!editable) {
    return <td data-testid="effort-plan-cell" data-module={pkg.id} data-organisation={organisation}>{value ? pm(value) : ''}</td>;
  }
  return (
    <td data-testid="effort-plan-cell" data-module={pkg.id} data-organisation={organisation} className={error ? 'effort-plan__cell--error' : undefined}>
      <input type="text" inputMode="decimal" className="effort-plan__input" value={value ?? ''} onChange={(e) => onChange(key, e.target.value)}
        aria-label={t('effortReport.cellLabel', { workPackage: pkg.name, organisation: organisationName(organisation) })}
        aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} />
      {error && <span id={errorId} className="field__error" data-testid="effort-plan-cell-error">{error}</span>}
    </td>
  );
}

/** `values`: {key: text}; `errors`: {key: text}; `onChange(key, text)`; without `editable`, figures only. */
export default function PlanTable({ packages, organisations, values, errors, editable, onChange }) {
  const caption = t('effortReport.planCaption');
  const valueOf = (pkg, org) => values[planKey(pkg.id, org)];
  return (
    // Focusable: a box that scrolls sideways can be scrolled from the keyboard (axe scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="effort__scroll" tabIndex={0} role="region" aria-label={caption} data-testid="effort-plan-table">
      <table className="effort-table effort-table--plan">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('effortReport.workPackage')}</th>
            {organisations.map((org) => <th key={org} scope="col">{organisationName(org)}</th>)}
            <th scope="col" className="effort-table__total">{t('effortReport.total')}</th>
          </tr>
        </thead>
        <tbody>
          {packages.map((pkg) => (
            <tr key={pkg.id} data-testid="effort-plan-row" data-module={pkg.id}>
              <th scope="row">{pkg.name}</th>
              {organisations.map((org) => (
                <PlanCell key={org} pkg={pkg} organisation={org} value={valueOf(pkg, org)} error={errors[planKey(pkg.id, org)]}
                  editable={editable} onChange={onChange} />
              ))}
              <td className="effort-table__total">{pm(sumValues(organisations.map((org) => valueOf(pkg, org))))}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('effortReport.total')}</th>
            {organisations.map((org) => (
              <td key={org} className="effort-table__total">{pm(sumValues(packages.map((pkg) => valueOf(pkg, org))))}</td>
            ))}
            <td className="effort-table__total" data-testid="effort-plan-total">{pm(sumValues(Object.values(values)))}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
