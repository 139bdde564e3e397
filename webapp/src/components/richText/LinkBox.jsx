/** The link box under the toolbar: the address (focused when the box opens), Apply, Cancel and its error. */
import { useEffect, useRef } from 'react';
import { t } from '../../lib/i18n.js';

/** Escape closes the box (and only the box: not a dialog around the editor). */
export default function LinkBox({ box, onChange, onApply, onCancel, onEscape }) {
  const input = useRef(null);
  useEffect(() => { if (input.current) input.current.focus(); }, []);
  const onKeyDown = (e) => {
    if (e.key === 'Enter') { e.preventDefault(); onApply(); }
    if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); onEscape(); }
  };
  return (
    <div className="rte__linkbox">
      <input ref={input} type="text" value={box.url} placeholder="https://…" aria-label={t('components.linkUrl')}
        onChange={(e) => onChange(e.target.value)} onKeyDown={onKeyDown} />
      <button type="button" className="btn btn--tiny btn--primary" onClick={onApply}
        disabled={box.selection.isCollapsed()}>{t('components.apply')}</button>
      <button type="button" className="btn btn--tiny" onClick={onCancel}>{t('common.cancel')}</button>
      {box.error && <span className="field__error">{box.error}</span>}
    </div>
  );
}
