import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, test, vi } from 'vitest';

vi.mock('../../lib/apiClient.js', async (importOriginal) => {
  const real = await importOriginal();
  return { ...real, default: { get: vi.fn(), post: vi.fn(), delete: vi.fn() } };
});

// eslint-disable-next-line import/first
import api from '../../lib/apiClient.js';
// eslint-disable-next-line import/first
import SavedViews from './SavedViews.jsx';
// eslint-disable-next-line import/first
import useSavedView from './useSavedView.js';
// eslint-disable-next-line import/first
import { loadSaveForm } from './api.js';

const link = (url, method = 'GET') => ({ url, method, label: 'x' });
const mine = { id: 7, name: 'My blocked', kind: 'tasks', shared: false, state: { query: { status: ['BLOCKED'] } }, links: { delete: link('/api/view/delete/7', 'DELETE') } };
const team = { id: 8, name: 'Team board', kind: 'tasks', shared: true, state: {}, links: {} };

function Where() {
  const l = useLocation();
  return <span data-testid="where">{l.pathname + l.search}</span>;
}

describe('SavedViews', () => {
  test('lists the views with their addresses, offers saving only with the add link, deletes through the link', async () => {
    api.get.mockResolvedValue({ data: { list: [mine, team], links: { add: link('/api/view/add/3', 'POST') } } });
    api.delete.mockResolvedValue({ data: {} });
    render(
      <MemoryRouter initialEntries={['/portal/3/tasks-all?layout=board']}>
        <Routes><Route path="*" element={<><SavedViews moduleId={3} kind="tasks" state={{}} /><Where /></>} /></Routes>
      </MemoryRouter>,
    );
    await waitFor(() => expect(api.get).toHaveBeenCalledWith('/api/view/list/3', { params: { kind: 'tasks' } }));
    fireEvent.click(screen.getByTestId('saved-views-toggle'));
    const links = await screen.findAllByTestId('saved-view-link');
    expect(links.map((a) => a.textContent)).toEqual(['My blocked', 'Team boardShared']);
    expect(links[0].getAttribute('href')).toBe('/portal/3/tasks-all?layout=board&saved=7');
    expect(screen.getAllByTestId('delete-saved-view')).toHaveLength(1); // only where the server links a delete
    expect(screen.getByTestId('save-view')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('delete-saved-view'));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.delete).toHaveBeenCalledWith('/api/view/delete/7'));
  });

  test('no add link: no save button', async () => {
    api.get.mockResolvedValue({ data: { list: [], links: {} } });
    render(<MemoryRouter><SavedViews moduleId={3} kind="board" state={{}} /></MemoryRouter>);
    fireEvent.click(screen.getByTestId('saved-views-toggle'));
    await screen.findByText('No saved views yet.');
    expect(screen.queryByTestId('save-view')).toBeNull();
  });

  test("the save form keeps the screen's kind and state hidden", async () => {
    api.get.mockResolvedValue({ data: { method: 'POST', action: '/api/view/add/3', elements: [
      { name: 'name', type: 'text' }, { name: 'kind', type: 'select', options: [] }, { name: 'state', type: 'textarea' }, { name: 'shared', type: 'checkbox' }] } });
    const form = await loadSaveForm('/api/view/add/3', 'board', { lanes: 'owner' });
    expect(form.elements.map((e) => [e.name, e.type, e.value])).toEqual([
      ['name', 'text', undefined], ['kind', 'hidden', 'board'], ['state', 'hidden', '{"lanes":"owner"}'], ['shared', 'checkbox', undefined]]);
  });
});

function Applied({ kinds }) {
  const found = useSavedView(kinds, (state, kind) => { Applied.got = [state, kind]; });
  return <span data-testid="found">{found.error || (found.view ? found.view.name : '')}</span>;
}

describe('useSavedView', () => {
  test('applies the view the address names', async () => {
    api.get.mockResolvedValue({ data: { item: mine } });
    render(<MemoryRouter initialEntries={['/x?saved=7']}><Applied kinds="tasks board" /></MemoryRouter>);
    await waitFor(() => expect(screen.getByTestId('found')).toHaveTextContent('My blocked'));
    expect(api.get).toHaveBeenCalledWith('/api/view/7');
    expect(Applied.got).toEqual([mine.state, 'tasks']);
  });

  test("a view of another screen, or one the reader may not see, says so", async () => {
    api.get.mockResolvedValue({ data: { item: { ...mine, kind: 'gantt' } } });
    const { unmount } = render(<MemoryRouter initialEntries={['/x?saved=7']}><Applied kinds="tasks board" /></MemoryRouter>);
    await waitFor(() => expect(screen.getByTestId('found')).toHaveTextContent('This view belongs to another screen.'));
    unmount();
    render(<MemoryRouter initialEntries={['/x?saved=abc']}><Applied kinds="tasks" /></MemoryRouter>);
    expect(screen.getByTestId('found')).toHaveTextContent('This view does not exist, or it is not shared with you.');
  });
});
