/** The per-column filter inputs of the DataTable (client mode): a prefix text box, or a min/max range. */
import { useState } from 'react';
import { t } from '../../lib/i18n.js';
import { isNum } from './matching.js';

export function TextFilter({ column }) {
  return (
    <input className="dt__filter" type="search" size={6} value={column.filterValue || ''}
      placeholder={t('components.startsWith')} title={t('components.startsWithTitle')}
      aria-label={t('components.filterColumn', { column: column.filterLabel })}
      data-testid={`filter-${column.id}`}
      onChange={(e) => column.setFilter(e.target.value || undefined)} />
  );
}

const parseNumber = (s) => (String(s).trim() === '' ? undefined : Number(s));

export function RangeFilter({ column }) {
  const parse = column.parseFilter || parseNumber;
  const [text, setText] = useState(['', '']);
  const value = column.filterValue;
  // Cleared from outside (e.g. reset): clear the inputs too.
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    if (!value) setText(['', '']);
  }
  const set = (i, s) => {
    const next = i === 0 ? [s, text[1]] : [text[0], s];
    setText(next);
    const nums = next.map((x) => {
      const n = parse(x);
      return isNum(n) ? n : undefined;
    });
    column.setFilter(nums[0] === undefined && nums[1] === undefined ? undefined : nums);
  };
  return (
    <div className="dt__range">
      <input className="dt__filter" type="text" size={3} inputMode="decimal" placeholder={t('components.min')} value={text[0]}
        aria-label={t('components.minimumOf', { column: column.filterLabel })} data-testid={`filter-${column.id}-min`}
        onChange={(e) => set(0, e.target.value)} />
      <input className="dt__filter" type="text" size={3} inputMode="decimal" placeholder={t('components.max')} value={text[1]}
        aria-label={t('components.maximumOf', { column: column.filterLabel })} data-testid={`filter-${column.id}-max`}
        onChange={(e) => set(1, e.target.value)} />
    </div>
  );
}
