import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { t } from '../../lib/i18n.js';
import { ColumnHeads, Lanes } from './BoardColumns.jsx';
import { SORTS, groupBoard, isoToday, movable } from './group.js';
import { LaneSelect, useLanes } from './LaneSelect.jsx';
import usePointerDrag from './usePointerDrag.js';
import { useKeyboardMove, useSaveMove } from './useMoves.js';
import './board.css';

const rowOf = (byId, id) => byId.get(Number(id)) || byId.get(id);

/**
 * Give the focus back to a card's move button after the keyboard moved it (the card is drawn anew in its new
 * column, and again in its old one on a refusal), unless the person went elsewhere meanwhile.
 */
function useRefocus(rootRef, moves) {
  const focusId = useRef(null);
  useEffect(() => {
    const id = focusId.current;
    if (id === null) return;
    const button = rootRef.current && rootRef.current.querySelector(`[data-testid="board-card"][data-id="${id}"] [data-testid="board-move"]`);
    const lost = !document.activeElement || document.activeElement === document.body;
    if (button && lost) button.focus();
    if (!(moves[id] && moves[id].saving)) focusId.current = null;
  });
  return useCallback((id) => { focusId.current = id; }, []);
}

/**
 * The Kanban board (issue 44, point 1): the cards (`rows` of `cardType`, from module/tree; the other rows are
 * their parents) in one column per status, 'No status' first, optionally in swimlanes (by owner, parent or a
 * picklist field: `lanes` and `onLanesChange` when the page keeps the choice, else kept here; the fields come from
 * `laneModuleId`). A card moves to another status column by the pointer (a drag) or the keyboard (its move
 * button) where its deliverable offers the edit form; the move shows at once, is saved, and goes back with the
 * server's reason on a refusal; lanes are a view only. `limits`: {STATUS: n} work-in-progress limits; `addLink`:
 * the add form behind each column's '+'; `filter`: words the cards' names must contain; `hrefOf(row)`: a card's
 * link; `onChanged()`: after a saved change; `today`: the clock (tests set it).
 */
export default function Board({
  rows, cardType, hrefOf, limits = {}, addLink = null, laneModuleId = null, onChanged, lanes, onLanesChange, filter = '',
  sort: sortGiven, onSortChange, today = new Date(),
}) {
  const [sortKept, setSortKept] = useState('tree');
  const sort = SORTS.includes(sortGiven) ? sortGiven : sortKept;
  const setSort = (next) => { setSortKept(next); if (onSortChange) onSortChange(next); };
  const rootRef = useRef(null);
  const scrollRef = useRef(null);
  const helpId = useId();
  const [said, setSaid] = useState('');
  // The same words twice in a row (Right at the last column) must still be heard: a live region speaks changes.
  const announce = useCallback((text) => setSaid((was) => (was === text ? `${text}\u00a0` : text)), []);
  const laneState = useLanes({ lanes, onLanesChange, moduleId: laneModuleId });
  const byId = useMemo(() => new Map((rows || []).map((r) => [r.id, r])), [rows]);
  const { moves, move } = useSaveMove({ byId, cardType, onChanged, announce, limits });
  const focusAfter = useRefocus(rootRef, moves);
  const { lifted, actions } = useKeyboardMove({ byId, moves, move, announce, focusAfter });
  const grouped = useMemo(() => groupBoard(rows || [], {
    cardType, lanes: laneState.value, field: laneState.field, values: laneState.values, filter, moves, sort,
  }), [rows, cardType, laneState.value, laneState.field, laneState.values, filter, moves, sort]);
  usePointerDrag(rootRef, scrollRef, {
    canLift: (id) => {
      const row = rowOf(byId, id);
      return !!row && movable(row) && !(moves[row.id] && moves[row.id].saving) && !lifted;
    },
    onDrop: (id, status) => {
      const row = rowOf(byId, id);
      if (row) move(row, status);
    },
  });
  const todayIso = isoToday(today);
  const view = { moves, lifted, hrefOf, today: todayIso, actions, helpId };
  const anyCard = useMemo(() => (rows || []).some((r) => r.type === cardType), [rows, cardType]);
  return (
    <div className="board" ref={rootRef} data-testid="board">
      <LaneSelect lanes={laneState} sort={sort} onSort={setSort} />
      <p id={helpId} className="sr-only">{t('board.help')}</p>
      {!anyCard && <p className="empty board__empty">{t('board.empty')}</p>}
      {anyCard && !grouped.cards && <p className="empty board__empty" data-testid="board-nomatch">{t('board.noMatch', { filter })}</p>}
      <div className="board__scroll" ref={scrollRef} data-testid="board-scroll">
        <div className="board__grid">
          <ColumnHeads totals={grouped.totals} shown={grouped.shown} limits={limits} addLink={addLink} onAdded={onChanged} />
          <Lanes grouped={grouped} view={view} />
        </div>
      </div>
      <div className="sr-only" aria-live="assertive" aria-atomic="true" data-testid="board-said">{said}</div>
    </div>
  );
}
