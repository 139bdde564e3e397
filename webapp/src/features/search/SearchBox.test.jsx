import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { MARK, UNMARK } from './marks.js';
import SearchBox from './SearchBox.jsx';

vi.mock('./api.js', () => ({ searchItems: vi.fn(), scopeModule: vi.fn() }));
// eslint-disable-next-line import/first
import { searchItems } from './api.js';

const hit = (kind, id, title, extra = {}) => ({
  key: `${kind}-${id}`, kind, id, title, label: null, snippet: `about ${MARK}heat${UNMARK} <b>x</b>`,
  breadcrumb: ['Portal', 'Project'], entryId: 4, platform: '4rineu', portalId: 4,
  module: { id: 5, name: 'Project', type: '4rineu_project', typeLabel: 'Project', level: 2, tab: 'projects' },
  ancestors: [{ id: 4, name: 'Portal', type: '4rineu_portal', typeLabel: 'Portal', level: 1, tab: 'portals' }],
  author: null, created: '2026-01-01T00:00:00+00:00', links: {}, ...extra,
});

const ANSWER = {
  list: [hit('article', 7, `${MARK}Heat${UNMARK} pumps`), hit('module', 5, 'Project'), hit('article', 8, 'Other')],
  meta: { page: 1, perPage: 8, total: 14 },
  facets: { kind: { article: 12, module: 2 }, portal: [], author: [] },
};

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

function renderBox(scope) {
  return render(
    <MemoryRouter initialEntries={['/']}>
      <SearchBox scope={scope} />
      <Routes><Route path="*" element={<Where />} /></Routes>
    </MemoryRouter>,
  );
}

afterEach(() => vi.clearAllMocks());

describe('the search box', () => {
  test('asks once typing pauses, shows the hits grouped by kind as a listbox, ↓ and Enter open one', async () => {
    searchItems.mockResolvedValue(ANSWER);
    renderBox(null);
    const box = screen.getByRole('combobox');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'h' } });
    fireEvent.change(box, { target: { value: 'he' } });
    fireEvent.change(box, { target: { value: 'heat' } });
    await screen.findAllByRole('option');
    expect(searchItems).toHaveBeenCalledTimes(1);
    expect(searchItems).toHaveBeenCalledWith({ q: 'heat', perKind: 3, module: undefined });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    const groups = screen.getAllByRole('group');
    expect(groups.map((g) => g.getAttribute('aria-labelledby'))).toEqual(['search-group-article', 'search-group-module']);
    expect(screen.getAllByRole('option').map((o) => o.textContent.slice(0, 9))).toEqual(
      ['Heat pump', 'OtherPort', 'ProjectPo', 'See all 1'],
    );
    // The snippet's markup is text; the highlight a <mark>.
    expect(screen.getAllByText('heat', { selector: 'mark' }).length).toBe(3);
    expect(document.querySelector('.search__panel b')).toBeNull();

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    const active = box.getAttribute('aria-activedescendant');
    expect(document.getElementById(active)).toHaveAttribute('aria-selected', 'true');
    expect(document.getElementById(active).textContent).toMatch(/^Other/);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(screen.getByTestId('where').textContent).toBe('/portal/4/projects/5/knowledge/reader/8');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  test('Escape closes; ↑ from none reaches "See all results"; the scope toggle sends module=', async () => {
    searchItems.mockResolvedValue(ANSWER);
    renderBox({ id: 5, name: 'Lisbon', typeLabel: 'Project' });
    const box = screen.getByRole('combobox');
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'heat' } });
    await screen.findAllByRole('option');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box.value).toBe('heat');

    const toggle = screen.getByRole('button', { name: 'This project' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    await waitFor(() => expect(searchItems).toHaveBeenLastCalledWith({ q: 'heat', perKind: 3, module: 5 }));
    await screen.findAllByRole('option');
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(document.getElementById(box.getAttribute('aria-activedescendant')).textContent).toBe('See all 14 results');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(screen.getByTestId('where').textContent).toBe('/search?q=heat&module=5');
  });

  test('↑ ↓ keep the active option in sight; the panel that scrolls is a tab stop', async () => {
    searchItems.mockResolvedValue(ANSWER);
    const seen = [];
    // jsdom lays nothing out and has no scrollIntoView: record which element asked to be in sight
    Element.prototype.scrollIntoView = vi.fn(function scrollIntoView(opts) { seen.push([this.id, opts]); });
    try {
      renderBox(null);
      const box = screen.getByRole('combobox');
      fireEvent.focus(box);
      fireEvent.change(box, { target: { value: 'heat' } });
      await screen.findAllByRole('option');
      expect(screen.getByRole('region', { name: 'Results for heat' })).toHaveAttribute('tabindex', '0');
      fireEvent.keyDown(box, { key: 'ArrowDown' });
      fireEvent.keyDown(box, { key: 'ArrowDown' });
      fireEvent.keyDown(box, { key: 'ArrowUp' });
      fireEvent.keyDown(box, { key: 'ArrowUp' });
      expect(seen).toEqual([['search-option-0', { block: 'nearest' }], ['search-option-1', { block: 'nearest' }],
        ['search-option-0', { block: 'nearest' }], ['search-option-3', { block: 'nearest' }]]);
    } finally {
      delete Element.prototype.scrollIntoView;
    }
  });

  test('beyond the server\'s cap the count reads 1,000+; a corrected typo says what was searched', async () => {
    searchItems.mockResolvedValue({ ...ANSWER, meta: { page: 1, perPage: 50, total: 1000, totalIsApproximate: true, correctedQuery: 'renovation' } });
    renderBox(null);
    const box = screen.getByRole('combobox');
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'renovaton' } });
    await screen.findAllByRole('option');
    expect(screen.getByTestId('search-all').textContent).toBe('See all 1,000+ results');
    expect(screen.getByTestId('search-corrected').textContent).toBe('Showing results for “renovation”');
    expect(document.querySelector('.search__panel [role=status]').textContent).toBe('1,000+ results');
  });

  test('"/" outside a field focuses the box; inside one it is typed', () => {
    renderBox(null);
    const other = document.createElement('input');
    document.body.appendChild(other);
    other.focus();
    fireEvent.keyDown(other, { key: '/' });
    expect(document.activeElement).toBe(other);
    fireEvent.keyDown(document.body, { key: '/' });
    expect(document.activeElement).toBe(screen.getByRole('combobox'));
    other.remove();
  });
});
