import { describe, expect, test } from 'vitest';
import {
  BG_COLORS, GRID, PANEL_TYPES, PIE_COLOURS, barData, gridLayout, layoutForSave, numberOf, panelOf, parseJson,
  SERIES_COLOUR, axisLabel, chartRows, groupColour, ordinalColour, pieData, sameLayout, share,
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

describe('metric panels read well (issue 15)', () => {
  const risk = {
    type: 'PICKLIST',
    groupedValues: [
      { label: 'Low', freq: 4, total: 9, rank: 0, ranks: 3 },
      { label: 'High', freq: 5, total: 9, rank: 2, ranks: 3 },
    ],
  };

  test('an ordinal picklist is coloured by its option order on one light-to-dark scale: High is the darkest, never green', () => {
    const data = pieData(risk.groupedValues);
    expect(data.labels).toEqual(['Low', 'High']);
    const [low, high] = data.datasets[0].backgroundColor;
    expect(low).toBe(ordinalColour(0, 3));
    expect(high).toBe(ordinalColour(2, 3));
    const lum = (rgb) => rgb.match(/\d+/g).map(Number).reduce((a, c) => a + c, 0);
    expect(lum(high)).toBeLessThan(lum(ordinalColour(1, 3)));
    expect(lum(ordinalColour(1, 3))).toBeLessThan(lum(low));
    const [r, g, b] = high.match(/\d+/g).map(Number);
    expect(g > r && g > b && g - Math.max(r, b) > 60).toBe(false); // not a 'good' green
    // the same option keeps its colour whatever else the chart holds
    expect(pieData([risk.groupedValues[1]]).datasets[0].backgroundColor[0]).toBe(high);
  });

  test('groups without options take the categorical colours in turn', () => {
    const colours = pieData([{ label: 'a', freq: 1 }, { label: 'b', freq: 2 }]).datasets[0].backgroundColor;
    expect(colours).toEqual([groupColour({}, 0), groupColour({}, 1)]);
    expect(colours[0]).not.toBe(colours[1]);
  });

  test('a bar chart has one series in one colour, and every bar a label (cut with an ellipsis when long)', () => {
    const many = { type: 'NUMERIC', groupedValues: Array.from({ length: 30 }, (_, i) => ({ label: `Demo case number ${i} – a long name`, total: i, freq: 1 })) };
    const data = barData(many, 'Budget');
    expect(data.datasets).toHaveLength(1);
    expect(data.datasets[0].backgroundColor).toBe(SERIES_COLOUR);
    expect(data.labels).toHaveLength(30);
    expect(axisLabel(data.labels[3])).toBe('Demo case num…');
    expect(axisLabel('Short')).toBe('Short');
  });

  test("a chart's text alternative lists its rows as shown", () => {
    expect(chartRows(risk, 'pie')).toEqual([['Low', '4 (44%)'], ['High', '5 (56%)']]);
    const budget = { type: 'NUMERIC', groupedValues: [{ label: 'Lisbon', total: 2400000, total_formatted: '€2,400,000', freq: 1 }] };
    expect(chartRows(budget, 'bar')).toEqual([['Lisbon', '€2,400,000']]);
  });
});
