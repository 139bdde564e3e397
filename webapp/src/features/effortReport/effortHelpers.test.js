import { describe, expect, test } from 'vitest';
import {
  chartSeries, importErrors, parsePm, periodOptions, planChanges, planErrors, planKey, planOrganisations, planValues, reportMatrix,
} from './effortHelpers.js';

const REPORT = {
  organisations: ['ACME', 'Uni'],
  packages: [{ id: 11, name: 'WP1' }, { id: 12, name: 'WP2' }],
  cells: [
    { moduleId: 11, organisation: 'ACME', plannedPm: 2, actualPm: 3, minutes: 100, status: 'over' },
    { moduleId: 12, organisation: 'Uni', plannedPm: 0, actualPm: 0.5, minutes: 10, status: 'unplanned' },
    { moduleId: 12, organisation: '', plannedPm: 0, actualPm: 0.25, minutes: 5, status: 'unplanned' },
  ],
  totals: { byPackage: { 11: { plannedPm: 2, actualPm: 3 } }, byOrganisation: {}, plannedPm: 2, actualPm: 3.75 },
};

describe('reportMatrix', () => {
  test('finds each cell by package and organisation, adds the organisations only cells name, totals', () => {
    const m = reportMatrix(REPORT);
    expect(m.organisations).toEqual(['ACME', 'Uni', '']);
    expect(m.cell(11, 'ACME').status).toBe('over');
    expect(m.cell('12', 'Uni').actualPm).toBe(0.5);
    expect(m.cell(11, 'Uni')).toBeNull();
    // The server's total when it gives one, else the sum of the cells.
    expect(m.packageTotal(11)).toEqual({ plannedPm: 2, actualPm: 3 });
    expect(m.packageTotal(12)).toEqual({ plannedPm: 0, actualPm: 0.75 });
    expect(m.organisationTotal('ACME')).toEqual({ plannedPm: 2, actualPm: 3 });
    expect(m.total).toEqual({ plannedPm: 2, actualPm: 3.75 });
    expect(m.empty).toBe(false);
    expect(reportMatrix({ organisations: [], packages: [{ id: 1, name: 'WP1' }], cells: [] }).empty).toBe(true);
  });

  test('the chart has planned and actual per organisation or per work package', () => {
    const m = reportMatrix(REPORT);
    expect(chartSeries(m, 'organisation')).toEqual({ labels: ['ACME', 'Uni', 'No organisation'], planned: [2, 0, 0], actual: [3, 0.5, 0.25] });
    expect(chartSeries(m, 'module')).toEqual({ labels: ['WP1', 'WP2'], planned: [2, 0], actual: [3, 0.75] });
  });
});

test('periods: all first, then the answer\'s and the settings\', the one shown, each once', () => {
  expect(periodOptions({ periods: [{ name: 'M1-M18' }, 'M19-M36'], period: { name: 'All' } }, [{ name: 'M1-M18' }, 'M37-M48']))
    .toEqual(['all', 'M1-M18', 'M19-M36', 'M37-M48']);
  expect(periodOptions(null)).toEqual(['all']);
});

describe('the plan', () => {
  const PLAN = { organisations: ['ACME'], packages: [{ id: 11, name: 'WP1' }], cells: { 11: { ACME: 2, Uni: 1.5 } } };

  test('values and organisations of a plan', () => {
    expect(planValues(PLAN)).toEqual({ [planKey(11, 'ACME')]: '2', [planKey(11, 'Uni')]: '1.5' });
    expect(planOrganisations(PLAN)).toEqual(['ACME', 'Uni']);
  });

  test('person-months typed: blank, comma decimals, out of range', () => {
    expect(parsePm('')).toBeNull();
    expect(parsePm(' 1,5 ')).toBe(1.5);
    expect(parsePm('0')).toBe(0);
    expect(parsePm('9999.99')).toBe(9999.99);
    expect(parsePm('10000')).toBeNaN();
    expect(parsePm('-1')).toBeNaN();
    expect(parsePm('two')).toBeNaN();
  });

  test('a save sends what changed (cleared and 0 as null) and refuses what is not a number', () => {
    const start = planValues(PLAN);
    const values = { ...start, [planKey(11, 'ACME')]: '2.0', [planKey(11, 'Uni')]: '', [planKey(11, 'New')]: '3,25', [planKey(11, 'Zero')]: '0' };
    expect(planChanges(start, values)).toEqual({ cells: [
      { moduleId: 11, organisation: 'Uni', personMonths: null },
      { moduleId: 11, organisation: 'New', personMonths: 3.25 },
    ], errors: {} });
    expect(planChanges(start, { ...start, [planKey(11, 'ACME')]: 'x' }).errors).toEqual({ [planKey(11, 'ACME')]: 'A number from 0 to 9,999.99' });
  });

  test('a 422 of a save lands on the cells it names, the rest is said in general', () => {
    const sent = [{ moduleId: 11, organisation: 'ACME', personMonths: 2 }, { moduleId: 99, organisation: 'Uni', personMonths: 1 }];
    expect(planErrors({ 'cells.1.moduleId': ['Not a work package of this project'], other: 'Bad' }, sent)).toEqual({
      byCell: { [planKey(99, 'Uni')]: 'Not a work package of this project' }, general: ['Bad'],
    });
    expect(planErrors({ cells: { 0: { personMonths: ['Too much'] } } }, sent).byCell).toEqual({ [planKey(11, 'ACME')]: 'Too much' });
    expect(planErrors({ 'cells[0][personMonths]': ['Too much'] }, sent).byCell).toEqual({ [planKey(11, 'ACME')]: 'Too much' });
  });

  test('an import\'s errors line by line', () => {
    expect(importErrors({ 3: ['Unknown work package: WP9'], 'line 5': 'Not a number', file: ['Too large'] })).toEqual([
      'Line 3: Unknown work package: WP9', 'Line 5: Not a number', 'Too large',
    ]);
    expect(importErrors({ lines: { 2: ['Bad'] } })).toEqual(['Line 2: Bad']);
  });
});
