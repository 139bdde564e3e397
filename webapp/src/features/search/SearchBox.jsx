/**
 * The top bar's search (spec §9: debounced 200 ms): a combobox whose list shows the hits as they come, grouped by
 * kind; ↑ ↓ move, Enter opens, Escape closes; '/' anywhere but in a field puts the cursor in it. On a module
 * page (`scope`: {id, name, typeLabel}) a toggle limits it to that module and what lies below.
 */
import { useCallback, useEffect, useRef } from 'react';
import useClickOutside from '../../hooks/useClickOutside.js';
import { inSentence, t } from '../../lib/i18n.js';
import SearchList, { LISTBOX, optionId } from './SearchList.jsx';
import useSearchBox from './useSearchBox.js';
import './search.css';

const TYPING = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

/** A type's label (the server's) inside the toggle ('This project'): lowercased, but in German, whose nouns keep
 *  their capital. */

/** '/' focuses the box, unless someone is typing somewhere. */
function useSlashFocus(input) {
  useEffect(() => {
    const onKey = (e) => {
      const t = e.target;
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey) return;
      if (t && (TYPING.has(t.tagName) || t.isContentEditable)) return;
      e.preventDefault();
      if (input.current) input.current.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [input]);
}

export default function SearchBox({ scope }) {
  const box = useSearchBox(scope);
  const ref = useRef(null);
  const input = useRef(null);
  const { close, open, text, active, scoped } = box;
  const onClose = useCallback(() => close(), [close]);
  useClickOutside(ref, open, onClose);
  useSlashFocus(input);
  const label = scope && scoped ? t('search.searchIn', { name: scope.name }) : t('search.searchEverywhere');
  return (
    <div className="search" ref={ref} data-testid="search-box">
      {/* The hint is short enough for a narrow top bar ('Search… (press /)' read 'Search… (pr' at 1,024 px); the
          key is told by aria-keyshortcuts and shown beside it where there is room; the scope by its toggle. */}
      <div className="search__field">
        <input ref={input} type="search" role="combobox" className="search__input" data-testid="search-input"
          aria-label={label} placeholder={t('search.placeholder')} aria-keyshortcuts="/"
          aria-expanded={open && !!box.q} aria-controls={LISTBOX} aria-autocomplete="list"
          aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
          value={text} onChange={(e) => box.setText(e.target.value)} onFocus={() => box.setOpen(true)}
          onKeyDown={box.onKeyDown} autoComplete="off" />
        {!text && <kbd className="search__key" aria-hidden="true" data-testid="search-key">/</kbd>}
      </div>
      {scope && (
        <button type="button" className={scoped ? 'search__scope search__scope--on' : 'search__scope'} aria-pressed={scoped}
          title={t('search.searchOnlyIn', { name: scope.name })} data-testid="search-scope" onClick={() => box.setScoped(!scoped)}>
          {t('search.thisScope', { type: inSentence(scope.typeLabel) })}
        </button>
      )}
      {open && box.q && <SearchList box={box} />}
    </div>
  );
}
