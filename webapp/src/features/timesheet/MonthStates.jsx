import { useState } from 'react';
import { errorMessage } from '../../lib/errors.js';
import { t } from '../../lib/i18n.js';
import { toast } from '../../lib/toast.js';
import { submitMonth } from './api.js';
import { monthName } from './weeks.js';

/** A sheet's state as the reader reads it (null: not submitted). */
export function stateLabel(state) {
  switch (state) {
    case 'SUBMITTED': return t('timesheet.stateSubmitted');
    case 'APPROVED': return t('timesheet.stateApproved');
    case 'RETURNED': return t('timesheet.stateReturned');
    default: return t('timesheet.stateNone');
  }
}

export function StateBadge({ state }) {
  const name = String(state || 'none').toLowerCase();
  return <span className={`timesheet__state timesheet__state--${name}`} data-testid="ts-state" data-state={name}>{stateLabel(state)}</span>;
}

/**
 * Whether a month may be submitted: its `submit` link when the server gives months links; else, on the reader's
 * own week, a month not submitted yet or returned (the contract's rule: a submitted or approved one may not).
 */
function submitOf(month, own) {
  if (month.links) return month.links.submit || null;
  return own && (!month.state || month.state === 'RETURNED') ? true : null;
}

/** Under the grid: each month the week touches, its state (a returned one with its comment) and 'Submit <Month>'. */
export default function MonthStates({ months, portalId, own, onSubmitted }) {
  const [busy, setBusy] = useState(null);
  const submit = (m, link) => {
    setBusy(m.month);
    submitMonth(portalId, m.month, link === true ? null : link)
      .then(() => {
        toast(t('timesheet.monthSubmitted', { month: monthName(m.month) }));
        onSubmitted();
      })
      .catch((err) => toast(errorMessage(err), 'error'))
      .finally(() => setBusy(null));
  };
  if (!months || !months.length) return null;
  return (
    <section className="timesheet__months" aria-label={t('timesheet.months')} data-testid="ts-months">
      {months.map((m) => {
        const link = submitOf(m, own);
        return (
          <div key={m.month} className="timesheet__month" data-testid="ts-month" data-month={m.month}>
            <span className="timesheet__month-name">{monthName(m.month)}</span>
            <StateBadge state={m.state} />
            {m.state === 'RETURNED' && m.comment && (
              <span className="timesheet__comment" data-testid="ts-comment">{t('timesheet.returnedComment', { comment: m.comment })}</span>
            )}
            {link && (
              <button type="button" className="btn btn--small btn--primary" disabled={busy === m.month}
                onClick={() => submit(m, link)} data-testid="ts-submit">
                {t('timesheet.submitMonth', { month: monthName(m.month) })}
              </button>
            )}
          </div>
        );
      })}
    </section>
  );
}
