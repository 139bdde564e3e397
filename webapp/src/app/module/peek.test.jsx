import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Link, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ancestorUrl, openChildren, siblingAt, siblingsIn } from './childPath.js';

// The module page's parts stand in: what is tested is where a child opens, its path, j, k and Escape.
vi.mock('../../features/modules/api.js', () => ({ viewModule: vi.fn() }));
vi.mock('./useModuleUpdates.js', () => ({ default: () => ({ gone: false, lost: false }) }));
vi.mock('../searchScope.jsx', () => ({ useScopeOf: () => {} }));
vi.mock('../../features/modules/ModuleHeader.jsx', () => ({ default: ({ module }) => <h1>{module.name}</h1> }));
vi.mock('../../features/modules/PropertiesPanel.jsx', () => ({ default: () => null }));
vi.mock('../../features/customFields/FieldsSection.jsx', () => ({ default: () => null }));
vi.mock('./TabContent.jsx', () => ({
  // the list of a tab: its children of that type, each a link to {tab}/{id}
  default: ({ module, baseUrl }) => (
    <ul data-testid={`list-${module.id}`}>
      {(module.children || []).map((c) => <li key={c.id}><Link to={`${baseUrl}/${c.tabOf}/${c.id}`}>{c.name}</Link></li>)}
    </ul>
  ),
}));

// eslint-disable-next-line import/first
import { viewModule } from '../../features/modules/api.js';
// eslint-disable-next-line import/first
import ModuleView from './ModuleView.jsx';

const TASK = { type: 'task', label: 'Task', labelPlural: 'Tasks', tab: 'tasks' };
const SUB = { type: 'sub', label: 'Subtask', labelPlural: 'Subtasks', tab: 'subtasks' };
const row = (id, name, ct) => ({ id, name, type: ct.type, tabOf: ct.tab });
const PORTAL = { id: 7, name: 'Acme', type: 'x_portal' };
const PROJECT = { id: 1, name: 'Lisbon', typeLabel: 'Project', fullPath: [PORTAL], childTypes: [TASK, SUB],
  children: [row(11, 'Alpha', TASK), row(30, 'A subtask of the project', SUB), row(12, 'Beta', TASK), row(13, 'Gamma', TASK)] };
const task = (id, name, more = {}) => ({ id, name, typeLabel: 'Task', fullPath: [PORTAL, { id: 1, name: 'Lisbon', type: 'project' }],
  childTypes: [SUB], children: [], ...more });
const MODULES = {
  1: PROJECT,
  11: task(11, 'Alpha', { children: [row(21, 'Alpha one', SUB), row(22, 'Alpha two', SUB)] }),
  12: task(12, 'Beta'),
  13: task(13, 'Gamma'),
  21: { ...task(21, 'Alpha one'), typeLabel: 'Subtask', fullPath: [PORTAL, { id: 1, name: 'Lisbon' }, { id: 11, name: 'Alpha' }] },
  22: { ...task(22, 'Alpha two'), typeLabel: 'Subtask', fullPath: [PORTAL, { id: 1, name: 'Lisbon' }, { id: 11, name: 'Alpha' }] },
};
const BASE = '/portal/7/module/1';

let wide = true;
beforeEach(() => {
  viewModule.mockImplementation((id) => Promise.resolve(MODULES[id]));
  window.matchMedia = (query) => ({ matches: query.includes('1200px') ? wide : true, addEventListener() {}, removeEventListener() {} });
});
afterEach(() => { viewModule.mockReset(); wide = true; });

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function show(path) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes><Route path="/portal/7/module/1/*" element={<ModuleView moduleId="1" baseUrl={BASE} />} /></Routes>
      <Where />
    </MemoryRouter>,
  );
}
const where = () => screen.getByTestId('where').textContent;
// A task opens at its first tab (ModuleTabs' index redirects to it), as in the app.
const opened = (url) => waitFor(() => expect(where()).toBe(`${url}/subtasks`));
const crumbs = (el) => [...el.querySelectorAll('[data-testid=crumbs] a')].map((a) => [a.textContent, a.getAttribute('href')]);

describe('where a child opens', () => {
  test('1,200 px and wider: beside the list, a panel (not a dialog) with its parent path, the focus in it', async () => {
    show(`${BASE}/tasks/11`);
    const peek = await screen.findByRole('complementary', { name: 'Task Alpha' }, { timeout: 4000 }); // a cold start
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('list-1')).toBeInTheDocument(); // the page's list stays
    expect(peek).toHaveFocus();
    expect(crumbs(peek)).toEqual([['Acme', '/portal/7'], ['Lisbon', BASE]]);
  });

  test('narrower: the full-screen overlay, with the same parent path', async () => {
    wide = false;
    show(`${BASE}/tasks/11`);
    const overlay = await screen.findByRole('dialog', { name: 'Task Alpha' }, { timeout: 4000 });
    expect(screen.queryByTestId('peek')).toBeNull();
    await waitFor(() => expect(crumbs(overlay)).toEqual([['Acme', '/portal/7'], ['Lisbon', BASE]]));
  });

  test("a child's child opens in the same panel, its path one longer; Escape goes back up to its parent", async () => {
    show(`${BASE}/tasks/11/subtasks/21`);
    const peek = await screen.findByRole('complementary', { name: 'Subtask Alpha one' });
    expect(screen.getAllByTestId('peek')).toHaveLength(1);
    expect(crumbs(peek)).toEqual([['Acme', '/portal/7'], ['Lisbon', BASE], ['Alpha', `${BASE}/tasks/11`]]);
    await waitFor(() => expect(viewModule).toHaveBeenCalledWith('11')); // its siblings, for j and k
    await opened(`${BASE}/tasks/11/subtasks/21`);
    fireEvent.keyDown(window, { key: 'j' });
    await screen.findByRole('complementary', { name: 'Subtask Alpha two' });
    await opened(`${BASE}/tasks/11/subtasks/22`);
    fireEvent.keyDown(window, { key: 'Escape' });
    await waitFor(() => expect(where()).toBe(`${BASE}/tasks/11/subtasks`));
    expect(await screen.findByRole('complementary', { name: 'Task Alpha' })).toBeInTheDocument();
  });
});

describe('j, k and Escape in the side peek', () => {
  test('j and k go to the next and previous task of the list (not to a child of another type); none past the ends', async () => {
    show(`${BASE}/tasks/11`);
    await screen.findByRole('complementary', { name: 'Task Alpha' });
    await opened(`${BASE}/tasks/11`);
    fireEvent.keyDown(window, { key: 'k' });
    expect(where()).toBe(`${BASE}/tasks/11/subtasks`);
    fireEvent.keyDown(window, { key: 'j' });
    await screen.findByRole('complementary', { name: 'Task Beta' });
    await opened(`${BASE}/tasks/12`);
    fireEvent.keyDown(window, { key: 'j' });
    await screen.findByRole('complementary', { name: 'Task Gamma' });
    await opened(`${BASE}/tasks/13`);
    fireEvent.keyDown(window, { key: 'j' });
    expect(where()).toBe(`${BASE}/tasks/13/subtasks`);
    fireEvent.keyDown(window, { key: 'k' });
    await opened(`${BASE}/tasks/12`);
  });

  test('not while typing, nor with a dialog open', async () => {
    show(`${BASE}/tasks/11`);
    await screen.findByRole('complementary', { name: 'Task Alpha' });
    await opened(`${BASE}/tasks/11`);
    const input = document.createElement('input');
    document.body.appendChild(input);
    fireEvent.keyDown(input, { key: 'j' });
    fireEvent.keyDown(input, { key: 'Escape' });
    input.remove();
    const modal = document.createElement('div');
    modal.className = 'modal';
    document.body.appendChild(modal);
    fireEvent.keyDown(window, { key: 'j' });
    fireEvent.keyDown(window, { key: 'Escape' });
    modal.remove();
    expect(where()).toBe(`${BASE}/tasks/11/subtasks`);
  });

  test("Escape closes it and gives the focus back to the task's row in the list", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      show(`${BASE}/tasks/11`);
      await screen.findByRole('complementary', { name: 'Task Alpha' });
      await opened(`${BASE}/tasks/11`);
      fireEvent.keyDown(window, { key: 'Escape' });
      expect(where()).toBe(`${BASE}/tasks`);
      expect(screen.queryByTestId('peek')).toBeNull();
      await act(async () => { vi.runAllTimers(); });
      expect(screen.getByRole('link', { name: 'Alpha' })).toHaveFocus();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the path below a page', () => {
  test('openChildren: the pairs of tab and id, stopping at the knowledge library and at what is not an id', () => {
    expect(openChildren('')).toEqual({ chain: [], rest: '' });
    expect(openChildren('subtasks/21/comments')).toEqual({ chain: [{ tab: 'subtasks', id: '21' }], rest: 'comments' });
    expect(openChildren('subtasks/21/x/22/knowledge/5')).toEqual({
      chain: [{ tab: 'subtasks', id: '21' }, { tab: 'x', id: '22' }], rest: 'knowledge/5' });
  });

  test('siblingsIn and siblingAt: the children of the tab\'s type in their order', () => {
    const tasks = siblingsIn(PROJECT, 'tasks');
    expect(tasks.map((c) => c.id)).toEqual([11, 12, 13]);
    expect(siblingAt(tasks, '12', 1).id).toBe(13);
    expect(siblingAt(tasks, 12, -1).id).toBe(11);
    expect(siblingAt(tasks, 13, 1)).toBeNull();
    expect(siblingAt(tasks, 99, 1)).toBeNull();
    expect(siblingsIn(PROJECT, 'files')).toHaveLength(4); // not a child tab: every child
  });

  test('ancestorUrl: where it is open, else its portal or its module page; nothing outside a portal', () => {
    expect(ancestorUrl({ id: 1 }, { 1: '/here' }, '/portal/7/x')).toBe('/here');
    expect(ancestorUrl(PORTAL, {}, '/peb/7/projects/1')).toBe('/peb/7');
    expect(ancestorUrl({ id: 3, type: 'project' }, {}, '/portal/7/projects/1')).toBe('/portal/7/module/3');
    expect(ancestorUrl({ id: 3 }, {}, '/v2/x')).toBeNull();
  });
});
