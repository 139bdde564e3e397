import { act, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, test } from 'vitest';
import { fetchEntryModules } from '../features/portals/portalsSlice.js';
import Shortcuts, { myTasksUrl } from './Shortcuts.jsx';
import { makeStore } from './store.js';

const PORTAL = { id: 4, name: 'Consortium', type: '4rineu_portal', level: 1 };

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

function renderAt(path, portals) {
  const store = makeStore({ user: { status: 'succeeded', item: { id: 7, name: 'Ada' }, error: null }, portals });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Shortcuts />
        <Routes><Route path="*" element={<Where />} /></Routes>
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

const press = (...keys) => keys.forEach((key) => fireEvent.keyDown(window, { key }));
const where = () => screen.getByTestId('where').textContent;

describe('keyboard shortcuts', () => {
  test('my tasks: the portal on screen, else the first of mine, else home', () => {
    expect(myTasksUrl('/peb/9/projects/3', [PORTAL], { id: 7 })).toBe('/peb/9/tasks-all?owner=7');
    expect(myTasksUrl('/', [PORTAL], { id: 7 })).toBe('/portal/4/tasks-all?owner=7');
    expect(myTasksUrl('/', [], null)).toBe('/');
  });

  test("'g t' pressed before my portals have loaded goes to my tasks once they have", async () => {
    const store = renderAt('/', { status: 'loading', list: [], error: null });
    press('g', 't');
    expect(where()).toBe('/');
    await act(async () => {
      store.dispatch({ type: fetchEntryModules.fulfilled.type, payload: [PORTAL] });
    });
    expect(where()).toBe('/portal/4/tasks-all?owner=7');
  });

  test("'g t' inside a portal goes at once, whatever the portal list; 'g p' goes home", () => {
    renderAt('/portal/4/projects/5', { status: 'loading', list: [], error: null });
    press('g', 't');
    expect(where()).toBe('/portal/4/tasks-all?owner=7');
    press('g', 'p');
    expect(where()).toBe('/');
  });

  test('no shortcut fires while typing in a field', () => {
    renderAt('/', { status: 'succeeded', list: [PORTAL], error: null });
    const input = document.createElement('input');
    document.body.appendChild(input);
    fireEvent.keyDown(input, { key: 'g' });
    fireEvent.keyDown(input, { key: 't' });
    expect(where()).toBe('/');
    input.remove();
  });
});
