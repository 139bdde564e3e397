import { describe, expect, it } from 'vitest';
import { movedText } from '../../lib/schedule.js';
import { criticalRows, floatText, ghostsOf, hasPlan, projectMonth } from './plan.js';

describe('the plan as the Gantt presents it', () => {
  it('keeps the critical rows and the parents they sit under', () => {
    const rows = [
      { id: 1, parentId: 0, float: 0, critical: true }, { id: 2, parentId: 1, float: 3, critical: false },
      { id: 3, parentId: 0 }, { id: 4, parentId: 3, float: 0, critical: true }, { id: 5, parentId: 3, float: 2 },
    ];
    expect(criticalRows(rows).map((r) => r.id)).toEqual([1, 3, 4]);
    expect(hasPlan(rows)).toBe(true);
    expect(hasPlan([{ id: 1 }])).toBe(false);
  });

  it('numbers project months from the start date, across years', () => {
    expect(projectMonth('2026-02-01', '2026-02-01')).toBe('M1');
    expect(projectMonth('2026-03-14', '2026-02-15')).toBe('M1');
    expect(projectMonth('2026-03-15', '2026-02-15')).toBe('M2');
    expect(projectMonth('2027-01-31', '2026-02-01')).toBe('M12');
    expect(projectMonth('2026-01-31', '2026-02-01')).toBe(null);
    expect(projectMonth('2026-01-31', null)).toBe(null);
  });

  it('says the float, the ghosts and what moved', () => {
    expect(floatText({ float: 0 })).toBe(', on the critical path');
    expect(floatText({ float: 1 })).toBe(', may slip 1 working day');
    expect(floatText({ float: 4 })).toBe(', may slip 4 working days');
    expect(floatText({})).toBe('');
    const schedule = { moved: [{ id: 7, startDate: '2026-03-11', deadline: '2026-03-17' }],
      flagged: [{ message: "'Task 4' starts before 'Task 1' allows" }] };
    expect(ghostsOf(schedule)).toEqual({ 7: { startDate: '2026-03-11', deadline: '2026-03-17' } });
    expect(movedText(schedule)).toBe("1 item that follows moved too. 'Task 4' starts before 'Task 1' allows");
    expect(movedText({ moved: [{}, {}], flagged: [] })).toBe('2 items that follow moved too');
    expect(movedText({ moved: [], flagged: [] })).toBe(null);
  });
});
