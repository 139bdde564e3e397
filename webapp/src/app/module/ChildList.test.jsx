import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, test, vi } from 'vitest';

vi.mock('../../features/modules/api.js', async (importOriginal) => ({ ...(await importOriginal()), loadSubtree: vi.fn() }));

// eslint-disable-next-line import/first
import { loadSubtree } from '../../features/modules/api.js';
// eslint-disable-next-line import/first
import ChildList from './ChildList.jsx';

const status = (name, label) => ({ name, label });
const deliverable = (s, label) => ({ id: 1, status: status(s, label), ownerName: 'Marco Rossi', deadline: '2026-03-20', links: {} });
// A project (1) whose tasks sit in its phases: Phase I is Completed with a Blocked task.
const rows = [
  { id: 2, parentId: 1, depth: 0, type: '4rineu_phase', name: 'Phase 0', tab: 'phases', childCount: 1, links: {},
    deliverable: deliverable('IN_PROGRESS', 'In Progress'), rollup: { total: 1, done: 1, byStatus: { COMPLETED: 1 }, flagged: false } },
  { id: 3, parentId: 2, depth: 1, type: '4rineu_task', name: 'Survey', tab: 'tasks', childCount: 0, links: {}, deliverable: deliverable('COMPLETED', 'Completed') },
  { id: 4, parentId: 1, depth: 0, type: '4rineu_phase', name: 'Phase I', tab: 'phases', childCount: 2, links: {},
    deliverable: deliverable('COMPLETED', 'Completed'), rollup: { total: 2, done: 1, byStatus: { COMPLETED: 1, BLOCKED: 1 }, flagged: true } },
  { id: 5, parentId: 4, depth: 1, type: '4rineu_task', name: 'Design brief', tab: 'tasks', childCount: 0, links: {}, deliverable: deliverable('COMPLETED', 'Completed') },
  { id: 6, parentId: 4, depth: 1, type: '4rineu_task', name: 'Permit', tab: 'tasks', childCount: 0, links: {}, deliverable: deliverable('BLOCKED', 'Blocked') },
  { id: 7, parentId: 1, depth: 0, type: '4rineu_task', name: 'Kick-off', tab: 'tasks', childCount: 0, links: {}, deliverable: null },
];
const project = { id: 1, children: [rows[0], rows[2], rows[5]], links: { tree: { url: '/api/module/tree/1' } } };
const tasks = { type: '4rineu_task', tab: 'tasks', label: 'Task', labelPlural: 'Tasks' };

async function show(module = project) {
  render(<MemoryRouter><ChildList module={module} childType={tasks} baseUrl="/p/1" /></MemoryRouter>);
  await screen.findByText('Survey');
}
const names = () => screen.getAllByRole('row').slice(1).map((r) => within(r).getByRole('link').textContent.replace('✓', ''));

beforeEach(() => {
  loadSubtree.mockReset();
  loadSubtree.mockResolvedValue({ moduleId: 1, rows, truncated: false, cap: 2000 });
});

describe('the tree table of a module\'s tasks', () => {
  test('every task of the subtree, under its phase, indented; the direct child keeps its row and link', async () => {
    await show();
    expect(loadSubtree).toHaveBeenCalledWith('/api/module/tree/1', '4rineu_task');
    expect(names()).toEqual(['Phase 0', 'Survey', 'Phase I', 'Design brief', 'Permit', 'Kick-off']);
    expect(screen.getByRole('heading', { name: /Tasks/ })).toHaveTextContent('Tasks 4');
    expect(screen.queryByText('No tasks yet')).toBeNull();
    expect(screen.getAllByTestId('child-row')).toHaveLength(1); // Kick-off, the project's own task
    expect(within(screen.getByTestId('child-row')).getByRole('link')).toHaveAttribute('href', '/p/1/tasks/7');
    expect(screen.getByRole('link', { name: /Permit/ })).toHaveAttribute('href', '/p/1/phases/4/tasks/6');
    const permit = screen.getByRole('link', { name: /Permit/ }).closest('tr');
    expect(permit).toHaveAttribute('data-testid', 'tree-row');
    expect(permit.querySelector('.childlist__title').style.getPropertyValue('--depth')).toBe('1');
  });

  test('a parent\'s roll-up says done of total by status; a Completed phase with a Blocked task is flagged', async () => {
    await show();
    const phaseI = screen.getByRole('link', { name: /Phase I$/ }).closest('tr');
    const rollup = within(phaseI).getByTestId('rollup');
    expect(rollup).toHaveTextContent('1/2');
    expect(rollup).toHaveAttribute('title', '1 of 2 done: 1 Completed, 1 Blocked');
    expect(within(rollup).getByText('1 of 2 done: 1 Completed, 1 Blocked')).toHaveClass('sr-only');
    const flag = within(phaseI).getByTestId('tree-flag');
    expect(flag).toHaveTextContent('Open items');
    expect(flag).toHaveAttribute('title', 'Marked Completed, but 1 item below is still open');
    expect(screen.getAllByTestId('tree-flag')).toHaveLength(1); // Phase 0 is all done but not marked done
  });

  test('a parent folds and unfolds (a button with aria-expanded; a leaf keeps a spacer)', async () => {
    await show();
    const fold = screen.getByRole('button', { name: 'Collapse Phase I' });
    expect(fold).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(fold);
    expect(names()).toEqual(['Phase 0', 'Survey', 'Phase I', 'Kick-off']);
    expect(fold).toHaveAttribute('aria-expanded', 'false');
    expect(fold).toHaveAccessibleName('Expand Phase I');
    expect(screen.queryByRole('button', { name: /Survey/ })).toBeNull(); // a leaf has no toggle
    fireEvent.click(fold);
    expect(names()).toContain('Permit');
  });

  test('the filter keeps the matching rows, each with its parent path', async () => {
    await show();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter tasks by name' }), { target: { value: 'PER' } });
    expect(names()).toEqual(['Permit']);
    expect(screen.getByTestId('tree-path')).toHaveTextContent('Phase I ›');
    expect(screen.queryByTestId('tree-toggle')).toBeNull();
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'zzz' } });
    expect(screen.getByTestId('tree-nomatch')).toHaveTextContent('Nothing matches');
  });

  test('\'No tasks yet\' only when the whole subtree has none; the tree is read again when the module reloads', async () => {
    loadSubtree.mockResolvedValue({ moduleId: 1, rows: [rows[0]], truncated: false, cap: 2000 });
    const view = render(<MemoryRouter><ChildList module={{ ...project, children: [] }} childType={tasks} baseUrl="/p/1" /></MemoryRouter>);
    await screen.findByText('No tasks yet');
    loadSubtree.mockResolvedValue({ moduleId: 1, rows, truncated: true, cap: 2000 });
    await act(async () => {
      view.rerender(<MemoryRouter><ChildList module={{ ...project }} childType={tasks} baseUrl="/p/1" /></MemoryRouter>);
    });
    await waitFor(() => expect(screen.getByText('Permit')).toBeInTheDocument());
    expect(loadSubtree).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId('tree-truncated')).toHaveTextContent('Showing the first 2,000 items');
  });
});
