import { useState } from 'react';
import useFetch from '../../hooks/useFetch.js';
import { t } from '../../lib/i18n.js';
import { laneValues, listLaneFields } from './api.js';
import { SORTS, parseLanes } from './group.js';

/**
 * The swimlanes in force: controlled (`lanes`, `onLanesChange`) when the page keeps them (a saved view), else
 * kept here. Picklist fields come from the server for `moduleId` (none when that read fails); a chosen field's
 * values are read when chosen. -> {value, setValue, fields, field, values, status: 'ok'|'loading'|'failed'}.
 */
export function useLanes({ lanes, onLanesChange, moduleId }) {
  const [own, setOwn] = useState('none');
  const controlled = lanes !== undefined && lanes !== null;
  const value = controlled ? lanes : own;
  const setValue = (next) => {
    if (!controlled) setOwn(next);
    if (onLanesChange) onLanesChange(next);
  };
  const listed = useFetch(moduleId ? listLaneFields : null, [moduleId]);
  const fields = listed.status === 'succeeded' ? listed.data || [] : [];
  const { mode, fieldId } = parseLanes(value);
  // A field lanes follow must be one the server offers (a saved view may name one since removed).
  const chosen = mode === 'field' ? fields.find((f) => String(f.id) === String(fieldId)) || null : null;
  const picked = chosen ? chosen.id : null;
  const read = useFetch(picked !== null ? laneValues : null, [moduleId, picked]);
  let status = 'ok';
  if (mode === 'field' && listed.status === 'loading') status = 'loading';
  else if (picked !== null && read.status === 'failed') status = 'failed';
  else if (picked !== null && read.status !== 'succeeded') status = 'loading';
  const values = picked !== null && read.status === 'succeeded' && read.data ? read.data.values : null;
  const field = chosen || (read.data && read.data.field) || null; // the list's field has its options' order
  return { value, setValue, fields, field, values, status };
}

const SORT_LABELS = { tree: () => t('board.sortTree'), spent: () => t('board.sortSpent'), deadline: () => t('board.sortDeadline') };

/** The swimlanes select (none, by owner, by parent, by each picklist field the server offers) and the cards' order. */
export function LaneSelect({ lanes, sort = 'tree', onSort = null }) {
  const known = ['none', 'owner', 'parent', ...lanes.fields.map((f) => `field:${f.id}`)];
  // A saved choice whose field is gone (or not read yet) shows as none, as the board then is.
  const value = known.includes(lanes.value) ? lanes.value : 'none';
  return (
    <div className="board__tools">
      <label className="board__lanes">
        <span>{t('board.lanes')}</span>
        <select value={value} onChange={(e) => lanes.setValue(e.target.value)} aria-label={t('board.lanes')} data-testid="board-lanes">
          <option value="none">{t('board.lanesNone')}</option>
          <option value="owner">{t('board.lanesOwner')}</option>
          <option value="parent">{t('board.lanesParent')}</option>
          {lanes.fields.map((f) => (
            <option key={f.id} value={`field:${f.id}`}>{t('board.lanesField', { field: f.name })}</option>
          ))}
        </select>
      </label>
      {onSort && (
        <label className="board__lanes">
          <span>{t('board.sortBy')}</span>
          <select value={sort} onChange={(e) => onSort(e.target.value)} data-testid="board-sort">
            {SORTS.map((k) => <option key={k} value={k}>{SORT_LABELS[k]()}</option>)}
          </select>
        </label>
      )}
      {lanes.status === 'loading' && <span className="muted" role="status">{t('board.lanesLoading')}</span>}
      {lanes.status === 'failed' && <span className="board__lanes-error" role="alert">{t('board.lanesFailed')}</span>}
    </div>
  );
}
