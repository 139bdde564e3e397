import { describe, expect, test } from 'vitest';
import { addLinkOf, formatNumber, formatValue, series, shownFields, sparkPoints } from './fieldValues.js';

const val = (id, values, optionLabel = null) => ({ id, values, optionLabel, links: {} });

describe('custom field values', () => {
  test('numbers carry their symbol before or after', () => {
    expect(formatNumber({ symbol: '€', prefixSymbol: true }, 2400000)).toBe('€2,400,000');
    expect(formatNumber({ symbol: 'm²', prefixSymbol: false }, 5200.5)).toBe('5,200.5 m²');
    expect(formatNumber({}, 0)).toBe('0');
    expect(formatNumber({ symbol: '%' }, null)).toBe('');
  });

  test('each type reads as on screen', () => {
    expect(formatValue({ type: 'TEXT' }, val(1, { stringval: 'Hello' }))).toBe('Hello');
    expect(formatValue({ type: 'PICKLIST' }, val(1, { stringval: 'high' }, 'High'))).toBe('High');
    expect(formatValue({ type: 'NUMERIC', symbol: 'h' }, val(1, { numval: 12 }))).toBe('12 h');
    expect(formatValue({ type: 'DATE' }, val(1, { dateval: '2026-03-01' }))).toBe('1st Mar 2026');
    expect(formatValue({ type: 'DATED_NUMERIC', symbol: '%' }, val(1, { numval: 31, dateval: '2026-11-02' }))).toBe('31 % (2nd Nov 2026)');
  });

  test('a dated series is newest first', () => {
    const s = series({ symbol: '%' }, [val(1, { numval: 10, dateval: '2026-01-01' }), val(2, { numval: 30, dateval: '2026-03-01' }),
      val(3, { numval: 20, dateval: '2026-02-01' })]);
    expect(s.map((p) => p.text)).toEqual(['30 %', '20 %', '10 %']);
    expect(s[0].day).toBe('1st Mar 2026');
  });

  test('sparkline points span the box, lowest at the bottom', () => {
    expect(sparkPoints([1, 3, 2], 100, 20, 0)).toBe('0,20 50,0 100,10');
    expect(sparkPoints([5], 100, 20)).toBe('50,18');
    expect(sparkPoints([], 100, 20)).toBe('');
  });

  test('the checklist is not a field of the section; add links by attribute', () => {
    const module = { customFields: [{ attribute: 'checklist_status' }, { attribute: 'budget', links: { add_budget_value: { url: '/x' } } }] };
    expect(shownFields(module).map((f) => f.attribute)).toEqual(['budget']);
    expect(addLinkOf(module.customFields[1])).toEqual({ url: '/x' });
    expect(addLinkOf(module.customFields[0])).toBeNull();
  });
});
