import { useCallback, useRef, useState } from 'react';
import { errorMessage } from '../../lib/errors.js';
import { t } from '../../lib/i18n.js';
import { saveCell } from './api.js';
import { parseHours, withCell } from './weeks.js';

export const cellKey = (moduleId, day) => `${moduleId}/${day}`;

function without(map, key) {
  if (!(key in map)) return map;
  const next = { ...map };
  delete next[key];
  return next;
}

/**
 * The grid's cells as a spreadsheet's: what is typed stays a draft until committed (Enter, Tab, an arrow out of
 * the cell, leaving it), then one POST to the week's `links.cell` sets the cell; the answer updates the cell and
 * the totals (`setGrid`). A refusal (or hours that cannot be read) shows its message by the cell and the cell
 * shows its value again; Escape drops the draft. `user`: the person whose week it is, when not the reader.
 */
export default function useCellEditing(grid, setGrid, user) {
  const [drafts, setDrafts] = useState({});
  const [errors, setErrors] = useState({});
  const [busy, setBusy] = useState({});
  // Kept in refs too: Enter commits and moves the focus, whose blur would commit the same draft again.
  const draftsRef = useRef({});
  const pending = useRef(new Set());
  const link = grid && grid.links && grid.links.cell;

  const setDraft = useCallback((key, text) => {
    draftsRef.current = text === undefined ? without(draftsRef.current, key) : { ...draftsRef.current, [key]: text };
    setDrafts(draftsRef.current);
  }, []);
  const setError = useCallback((key, message) => {
    setErrors((e) => (message ? { ...e, [key]: message } : without(e, key)));
  }, []);

  const edit = useCallback((key, text) => {
    setDraft(key, text);
    setError(key, null);
  }, [setDraft, setError]);

  const restore = useCallback((key) => {
    setDraft(key, undefined);
    setError(key, null);
  }, [setDraft, setError]);

  const commit = useCallback((row, day) => {
    const key = cellKey(row.module.id, day);
    const text = draftsRef.current[key];
    if (text === undefined || pending.current.has(key)) return;
    const cell = row.cells[day] || {};
    const minutes = parseHours(text);
    if (cell.locked || !link || minutes === (cell.minutes || 0)) {
      setDraft(key, undefined);
      return;
    }
    if (minutes === null) {
      setDraft(key, undefined);
      setError(key, t('timesheet.badHours'));
      return;
    }
    pending.current.add(key);
    setBusy((b) => ({ ...b, [key]: true }));
    const body = { moduleId: row.module.id, day, minutes, ...(user ? { user } : {}) };
    const done = () => {
      pending.current.delete(key);
      // what was typed meanwhile stays for the next commit
      if (draftsRef.current[key] === text) setDraft(key, undefined);
      setBusy((b) => without(b, key));
    };
    saveCell(link, body).then(
      (answer) => { setGrid((g) => withCell(g, row.module.id, day, answer)); done(); },
      (err) => { setError(key, errorMessage(err)); done(); },
    );
  }, [link, user, setGrid, setDraft, setError]);

  return { drafts, errors, busy, edit, restore, commit };
}
