import { describe, expect, test } from 'vitest';
import {
  BG_COLORS, GRID, PANEL_TYPES, PIE_COLOURS, barData, gridLayout, layoutForSave, numberOf, panelOf, parseJson,
  pieData, sameLayout, share,
} from './reportHelpers.js';

describe('report helpers', () => {
  test('constants of spec §9', () => {
    expect(PANEL_TYPES).toEqual(['default', 'min', 'max', 'avg', 'tot', 'bar', 'table', 'all', 'datatable']);
    expect(Object.keys(BG_COLORS)).toEqual(['default', 'red', 'green', 'blue', 'pink', 'yellow']);
    expect(BG_COLORS.default).toBe('#ffffff');
    expect(GRID).toMatchObject({ rowHeight: 100, width: 1600, defaultW: 3, defaultH: 4, panelHeight: 520 });
    expect(PIE_COLOURS).toHaveLength(6);
  });

  test('parseJson and panelOf read what they can', () => {
    expect(parseJson('{"a":1}', {})).toEqual({ a: 1 });
    expect(parseJson('nope', [])).toEqual([]);
    expect(parseJson(null, [])).toEqual([]);
    expect(panelOf({ layout: '{"panelType":"bar","bgColor":"red"}' })).toEqual({ panelType: 'bar', bgColor: 'red' });
    expect(panelOf({ layout: '{"panelType":"pie","bgColor":"purple"}' })).toEqual({ panelType: 'default', bgColor: 'default' });
    expect(panelOf({ layout: '[1]' })).toEqual({ panelType: 'default', bgColor: 'default' });
    expect(panelOf({})).toEqual({ panelType: 'default', bgColor: 'default' });
  });

  test('gridLayout keeps saved items, drops deleted ones and places new panels 3 x 4 under the rest', () => {
    const saved = JSON.stringify([{ i: '1', x: 0, y: 0, w: 6, h: 5 }, { i: '9', x: 6, y: 0, w: 3, h: 4 }]);
    const items = gridLayout(saved, [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }, { id: 5 }, { id: 6 }]);
    expect(items[0]).toEqual({ i: '1', x: 0, y: 0, w: 6, h: 5 });
    expect(items.slice(1)).toEqual([
      { i: '2', x: 0, y: 5, w: 3, h: 4 }, { i: '3', x: 3, y: 5, w: 3, h: 4 }, { i: '4', x: 6, y: 5, w: 3, h: 4 },
      { i: '5', x: 9, y: 5, w: 3, h: 4 }, { i: '6', x: 0, y: 9, w: 3, h: 4 },
    ]);
    expect(gridLayout('garbage', [{ id: 7 }])).toEqual([{ i: '7', x: 0, y: 0, w: 3, h: 4 }]);
    expect(gridLayout('[{"i":"7","x":40,"y":-3,"w":0,"h":"x"}]', [{ id: 7 }])).toEqual([{ i: '7', x: 11, y: 0, w: 1, h: 4 }]);
  });

  test('layoutForSave and sameLayout look at i, x, y, w, h only', () => {
    const a = [{ i: '1', x: 0, y: 0, w: 3, h: 4, moved: false, static: false }];
    expect(layoutForSave(a)).toEqual([{ i: '1', x: 0, y: 0, w: 3, h: 4 }]);
    expect(sameLayout(a, [{ i: '1', x: 0, y: 0, w: 3, h: 4 }])).toBe(true);
    expect(sameLayout(a, [{ i: '1', x: 1, y: 0, w: 3, h: 4 }])).toBe(false);
  });

  test('numbers, pies and bars', () => {
    const agg = { min_value_formatted: '€1,000', max_value_formatted: '€9', avg_value_formatted: null, sum_value_formatted: '€10' };
    expect(numberOf('min', agg)).toBe('€1,000');
    expect(numberOf('tot', agg)).toBe('€10');
    expect(numberOf('avg', agg)).toBe('—');
    expect(numberOf('bar', agg)).toBe('—');
    const grouped = Array.from({ length: 7 }, (_, n) => ({ label: `L${n}`, freq: n, total: 21 }));
    const pie = pieData(grouped);
    expect(pie.labels).toEqual(['L1', 'L2', 'L3', 'L4', 'L5', 'L6']);
    expect(pie.datasets[0].backgroundColor).toEqual(PIE_COLOURS);
    const bar = barData({ type: 'NUMERIC', groupedValues: [{ module_name: 'Lisbon', label: 'Lisbon', freq: 1, total: 5 }] });
    expect(bar.labels).toEqual(['Lisbon']);
    expect(bar.datasets[0].data).toEqual([5]);
    expect(barData({ type: 'PICKLIST', groupedValues: [{ label: 'A', freq: 2, total: 3 }] }).datasets[0].data).toEqual([2]);
    expect(share({ freq: 1, total: 3 })).toBe('33%');
  });
});
