import { formatNumber, t } from '../../lib/i18n.js';
import BoardCard from './BoardCard.jsx';
import { COLUMNS, limitState, movable, shownStatus } from './group.js';
import { columnColour, columnLabel, laneLabel } from './labels.js';
import QuickAdd from './QuickAdd.jsx';

/** The count of a column, and 'count / limit' with the warning when a limit is set (the words for a screen reader). */
function ColumnCount({ total, shown, limit }) {
  const { limit: max, over } = limitState(total, limit);
  const words = max === null ? t('board.cardCount', { count: total }) : t('board.countOfLimit', { count: total, limit: max });
  return (
    <>
      <span className={over ? 'count board__count board__count--over' : 'count board__count'} data-testid="board-count">
        <span aria-hidden="true">{max === null ? formatNumber(total) : `${formatNumber(total)} / ${formatNumber(max)}`}</span>
        <span className="sr-only">{words}</span>
      </span>
      {shown !== total && <span className="board__shown">{t('board.shown', { count: shown })}</span>}
      {over && (
        <p className="board__over" data-testid="board-over-limit">
          <span aria-hidden="true">⚠ </span>{t('board.overLimit', { limit: max })}
        </p>
      )}
    </>
  );
}

/** The header row: each column's name, count, limit and quick add. */
export function ColumnHeads({ totals, shown, limits, addLink, onAdded }) {
  return (
    <div className="board__row board__heads">
      {COLUMNS.map((status) => {
        const over = limitState(totals[status], (limits || {})[status]).over;
        return (
          <div key={status || 'none'} className={over ? 'board__head board__head--over' : 'board__head'}
            data-testid="board-column-head" data-status={status} style={{ '--status': columnColour(status) }}>
            <span className="board__title">{columnLabel(status)}</span>
            <ColumnCount total={totals[status]} shown={shown[status]} limit={(limits || {})[status]} />
            {addLink && <QuickAdd status={status} addLink={addLink} onAdded={onAdded} />}
          </div>
        );
      })}
    </div>
  );
}

/** One column of one lane: its cards in a list. */
function Column({ status, lane, cards, target, card }) {
  const name = lane ? t('board.columnInLane', { status: columnLabel(status), lane }) : columnLabel(status);
  return (
    <div className={target ? 'board__column is-target' : 'board__column'} role="group" aria-label={name}
      data-testid="board-column" data-status={status}>
      {cards.length > 0 && (
        <ul className="board__cards">
          {cards.map((row) => <li key={row.id}>{card(row)}</li>)}
        </ul>
      )}
    </div>
  );
}

/**
 * The lanes (one unnamed lane when the board has none), each a row of columns. `view`: {moves, lifted, hrefOf,
 * today, actions, helpId, mode}; a card's props are plain values, so an unchanged card is not drawn again.
 */
export function Lanes({ grouped, view }) {
  const { moves, lifted, hrefOf, today, actions, helpId } = view;
  const card = (row) => {
    const m = moves[row.id];
    return (
      <BoardCard row={row} href={hrefOf(row)} status={shownStatus(row, moves)} canMove={movable(row)}
        lifted={!!lifted && lifted.id === row.id} busy={!!(m && m.saving)} today={today} actions={actions} helpId={helpId} />
    );
  };
  const named = grouped.mode !== 'none';
  return grouped.lanes.map((lane) => {
    const name = named ? laneLabel(lane, grouped.mode) : null;
    const hasLifted = lifted && lane.columns[lifted.from].some((r) => r.id === lifted.id);
    const body = (
      <div className="board__row">
        {COLUMNS.map((status) => (
          <Column key={status || 'none'} status={status} lane={name} cards={lane.columns[status]} card={card}
            target={!!hasLifted && lifted.to === status && lifted.to !== lifted.from} />
        ))}
      </div>
    );
    if (!named) return <div key={lane.key} className="board__lane">{body}</div>;
    return (
      <div key={lane.key} className="board__lane board__lane--named" role="group" aria-label={name} data-testid="board-lane" data-lane={lane.key}>
        <div className="board__lane-head">
          <span className="board__lane-name">{name}</span>
          <span className="count"><span aria-hidden="true">{formatNumber(lane.count)}</span><span className="sr-only">{t('board.cardCount', { count: lane.count })}</span></span>
        </div>
        {body}
      </div>
    );
  });
}
