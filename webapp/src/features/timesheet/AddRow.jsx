import { useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '../../lib/errors.js';
import { t } from '../../lib/i18n.js';
import { findModules } from './api.js';

/** `value` once it has stayed the same for `ms`. */
function useSettled(value, ms) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The modules of the portal whose name matches what is typed (the search, modules only), asked as typing pauses. */
function useFound(portalId, text) {
  const settled = useSettled(text.trim(), 250);
  const [found, setFound] = useState({ q: '', list: [], error: null });
  useEffect(() => {
    if (!settled) return undefined;
    let live = true;
    findModules(portalId, settled).then(
      (list) => { if (live) setFound({ q: settled, list, error: null }); },
      (err) => { if (live) setFound({ q: settled, list: [], error: errorMessage(err) }); },
    );
    return () => { live = false; };
  }, [portalId, settled]);
  const current = text.trim() !== '' && found.q === settled && settled === text.trim();
  return { ...found, searching: text.trim() !== '' && !current };
}

/**
 * 'Add row': a module not in the grid yet, found by name among the portal's modules (GET /api/search,
 * kind=module); choosing one adds an empty row for it (its first save creates the entry).
 */
export default function AddRow({ portalId, present, onAdd }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const input = useRef(null);
  const id = useId();
  const found = useFound(portalId, open ? text : '');
  useEffect(() => { if (open && input.current) input.current.focus(); }, [open]);
  const close = () => { setOpen(false); setText(''); };

  if (!open) {
    return (
      <button type="button" className="btn btn--small btn--ghost" onClick={() => setOpen(true)} data-testid="ts-add-row">
        + {t('timesheet.addRow')}
      </button>
    );
  }
  const list = found.list.filter((m) => !present.has(m.id));
  return (
    <div className="timesheet__add" data-testid="ts-add">
      <label htmlFor={id} className="timesheet__add-label">{t('timesheet.findModule')}</label>
      <div className="timesheet__add-line">
        <input id={id} ref={input} type="search" className="timesheet__add-input" value={text} autoComplete="off"
          placeholder={t('timesheet.findModuleHint')} data-testid="ts-add-input"
          onChange={(e) => setText(e.target.value)} onKeyDown={(e) => { if (e.key === 'Escape') close(); }} />
        <button type="button" className="btn btn--small" onClick={close}>{t('common.cancel')}</button>
      </div>
      <div aria-live="polite">
        {found.searching && <p className="muted timesheet__add-note">{t('timesheet.searching')}</p>}
        {found.error && <p className="form__error" role="alert">{found.error}</p>}
        {!found.searching && text.trim() && !found.error && !list.length && (
          <p className="muted timesheet__add-note">{t('timesheet.noModules')}</p>
        )}
      </div>
      {!found.searching && list.length > 0 && (
        <ul className="timesheet__add-list" aria-label={t('timesheet.findModule')}>
          {list.map((m) => (
            <li key={m.id}>
              <button type="button" className="timesheet__pick" data-testid="ts-add-option"
                onClick={() => { onAdd(m); close(); }}>{m.trail}</button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
