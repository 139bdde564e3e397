/** The DataTable's toolbar: the search box (typed at once, applied 200 ms after the last key), extra tools, export. */
import { useEffect, useRef, useState } from 'react';
import { t } from '../../lib/i18n.js';

export const SEARCH_DEBOUNCE_MS = 200;

/** The search box's text and its debounced `apply(text or undefined)`. */
function useSearchBox(initial, apply) {
  const [text, setText] = useState(initial);
  const timer = useRef(null);
  const onChange = (value) => {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => apply(value && value.trim() ? value : undefined), SEARCH_DEBOUNCE_MS);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  return [text, onChange];
}

/**
 * `onSearch(text)` receives the text, or undefined when the box is blank; `tools` sit next to the box, then the
 * `exporter` (the Export CSV button).
 */
export default function Toolbar({ search, initialSearch, onSearch, total, tools, exporter }) {
  const [text, change] = useSearchBox(initialSearch, onSearch);
  if (!search && !tools && !exporter) return null;
  return (
    <div className="dt__toolbar">
      {search && (
        <input className="dt__search" type="search" value={text} placeholder={t('components.searchRecords', { count: total })}
          aria-label={t('common.search')} data-testid="dt-search" onChange={(e) => change(e.target.value)} />
      )}
      <div className="dt__tools">{tools}{exporter}</div>
    </div>
  );
}
