import { memo } from 'react';
import { Link } from 'react-router-dom';
import Avatar from '../../components/Avatar.jsx';
import { checklistOf } from '../../lib/checklist.js';
import { formatHours } from '../../lib/format.js';
import { formatDate } from '../../lib/dates.js';
import { formatNumber, t } from '../../lib/i18n.js';
import { rollupText } from '../../lib/tree.js';
import { isOverdue } from './group.js';

/** The deadline: 'Due …', or 'Overdue since …' in the warning style. */
function Deadline({ deliverable: d, status, today }) {
  if (!d || !d.deadline) return null;
  const date = formatDate(d.deadline);
  const late = isOverdue(d, status, today);
  return (
    <span className={late ? 'board-card__due board-card__due--late' : 'board-card__due'} data-overdue={late ? 'true' : undefined}>
      {late ? t('board.overdue', { date }) : t('board.due', { date })}
    </span>
  );
}

/** Its checklist: ✓ when ticked; the items below it done of all ('3/5') where it has some. */
function Checklist({ row }) {
  const state = checklistOf(row);
  const r = row.rollup;
  return (
    <>
      {state && state.completed && (
        <span className="board-card__done" title={t('board.checklistDone')}>
          <span aria-hidden="true">✓</span><span className="sr-only">{t('board.checklistDone')}</span>
        </span>
      )}
      {r && r.total > 0 && (
        <span className="board-card__items" title={rollupText(r)}>
          <span aria-hidden="true">{formatNumber(r.done)}/{formatNumber(r.total)}</span>
          <span className="sr-only">{rollupText(r)}</span>
        </span>
      )}
    </>
  );
}

/**
 * One card: its name as a link, the move button (where the status may change), the milestone mark, the deadline,
 * the checklist, the time spent (issue 45) and the owner. Kept cheap and memoised: the board re-renders it only when its own props change
 * (a pointer drag moves it through the DOM, not through React). `actions`: the board's stable keyboard handlers.
 */
function BoardCard({ row, href, status, canMove, lifted, busy, today, actions, helpId }) {
  const d = row.deliverable;
  const cls = ['board-card', canMove ? 'board-card--movable' : '', lifted ? 'board-card--lifted' : '', busy ? 'board-card--busy' : ''];
  return (
    <div className={cls.filter(Boolean).join(' ')} role="group" aria-label={row.name} data-testid="board-card" data-id={row.id}
      data-movable={canMove ? 'true' : 'false'} aria-busy={busy || undefined} title={canMove ? undefined : t('board.cannotMove')}>
      <div className="board-card__top">
        <Link to={href} className="board-card__name" draggable={false}>{row.name}</Link>
        {canMove && (
          <button type="button" className="board-card__move" aria-label={t('board.moveCard', { name: row.name })}
            aria-describedby={helpId} aria-pressed={lifted} title={t('board.moveTitle')} data-testid="board-move"
            onClick={(e) => actions.toggle(row.id, e)} onKeyDown={(e) => actions.key(row.id, e)} onBlur={() => actions.blur(row.id)}>
            <span aria-hidden="true">⠿</span>
          </button>
        )}
      </div>
      <div className="board-card__meta">
        {d && d.milestone && (
          <span className="board-card__milestone" data-testid="board-milestone"><span aria-hidden="true">◆ </span>{t('board.milestone')}</span>
        )}
        <Deadline deliverable={d} status={status} today={today} />
        <Checklist row={row} />
        {row.spentMinutes > 0 && (
          <span className="board-card__spent" data-testid="board-spent">{t('board.spent', { hours: formatHours(row.spentMinutes / 60) })}</span>
        )}
        {d && d.ownerName && (
          <span className="board-card__owner">
            <Avatar name={d.ownerName} src={d.ownerAvatar || null} size={24} title={t('board.owner', { name: d.ownerName })} />
            <span className="sr-only">{t('board.owner', { name: d.ownerName })}</span>
          </span>
        )}
      </div>
    </div>
  );
}

export default memo(BoardCard);
