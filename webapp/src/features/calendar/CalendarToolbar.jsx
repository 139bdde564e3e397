import { t } from '../../lib/i18n.js';
import { VIEWS, parseDay, rangeTitle } from './grid.js';

/** The period's title: 'November 2026' for a month, '23 – 29 Nov 2026' for a week, in the user's locale. */
export function periodTitle(view, anchor, days) {
  if (view === 'week') return rangeTitle(days[0], days[days.length - 1]);
  const m = parseDay(anchor);
  const title = String(t('calendar.monthTitle', { month: m.format('MMMM'), year: m.format('YYYY') }));
  // A title starts with a capital, also where month names do not ('novembre 2026').
  return title.charAt(0).toLocaleUpperCase() + title.slice(1);
}

const viewLabel = (view) => (view === 'week' ? t('calendar.viewWeek') : t('calendar.viewMonth'));

/**
 * Today, ‹ and › (a month or a week), the period's title, whether it is `loading` (a spinner that always keeps its
 * place: the grid never shifts under a pointer) and the Month/Week toggle.
 */
export default function CalendarToolbar({ view, title, onView, onStep, onToday, loading }) {
  const week = view === 'week';
  return (
    <div className="cal__tools">
      <div className="cal__nav">
        <button type="button" className="btn btn--small" onClick={onToday} data-testid="calendar-today">{t('calendar.today')}</button>
        <button type="button" className="btn btn--small cal__step" onClick={() => onStep(-1)} data-testid="calendar-prev"
          aria-label={week ? t('calendar.previousWeek') : t('calendar.previousMonth')}>
          <span aria-hidden="true">‹</span>
        </button>
        <button type="button" className="btn btn--small cal__step" onClick={() => onStep(1)} data-testid="calendar-next"
          aria-label={week ? t('calendar.nextWeek') : t('calendar.nextMonth')}>
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <h2 className="cal__title" data-testid="calendar-title" aria-live="polite">{title}</h2>
      <span className="cal__loading" role="status" data-testid="calendar-loading">
        {loading && <><span className="cal__spinner" aria-hidden="true" /><span className="sr-only">{t('calendar.loading')}</span></>}
      </span>
      <div className="toggle cal__views" role="group" aria-label={t('calendar.view')}>
        {VIEWS.map((v) => (
          <button key={v} type="button" className={v === view ? 'toggle__btn toggle__btn--on' : 'toggle__btn'}
            aria-pressed={v === view} onClick={() => onView(v)} data-testid={`calendar-view-${v}`}>
            {viewLabel(v)}
          </button>
        ))}
      </div>
    </div>
  );
}
