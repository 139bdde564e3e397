import { describe, expect, test } from 'vitest';
import { moduleTabs } from './tabs.js';

const link = (url) => ({ url, operation: 'GET', route: 'x', label: 'x', access: 'view' });

describe('moduleTabs', () => {
  test('the Time tab only where the module offers its time link (issue 45)', () => {
    const module = { id: 12, childTypes: [{ type: '4rineu_task', label: 'Task', labelPlural: 'Tasks', tab: 'tasks' }], links: {} };
    expect(moduleTabs(module).map((d) => d.tab)).not.toContain('time');
    const tabs = moduleTabs({ ...module, links: { time: link('/api/time/list/12') } });
    expect(tabs.map((d) => d.tab)).toEqual(['tasks', 'knowledge', 'files', 'references', 'comments', 'metric', 'feed', 'gantt-chart', 'time',
      'editors', 'clone']);
    expect(tabs.find((d) => d.tab === 'time').label).toBe('Time');
    expect(moduleTabs({ id: 3 }).map((d) => d.tab)).not.toContain('time'); // no links at all
  });
});
