import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { MARK, UNMARK } from './marks.js';
import SearchPage from './SearchPage.jsx';

vi.mock('./api.js', () => ({ searchItems: vi.fn(), scopeModule: vi.fn() }));
// eslint-disable-next-line import/first
import { searchItems } from './api.js';

const fileHit = (id, extra) => ({
  key: `file-${id}`, kind: 'file', id, title: `Report ${id}.pdf`, label: null, snippet: `the ${MARK}heat${UNMARK} loss`,
  breadcrumb: ['Portal', 'Project'], entryId: 4, platform: '4rineu', portalId: 4,
  module: { id: 5, name: 'Project', type: '4rineu_project', typeLabel: 'Project', level: 2, tab: 'projects' },
  ancestors: [{ id: 4, name: 'Portal', type: '4rineu_portal', typeLabel: 'Portal', level: 1, tab: 'portals' }],
  author: null, created: '2026-01-01T00:00:00+00:00', links: {}, ...extra,
});

const ANSWER = {
  list: [fileHit(1, { fileType: 'pdf', page: 3 }), fileHit(2, { fileType: 'presentation', page: 7 }),
    fileHit(3, { fileType: 'document', page: null })],
  meta: { page: 1, perPage: 20, total: 3 },
  facets: { kind: { file: 3 }, portal: [], author: [] },
};

function Where() {
  const { search } = useLocation();
  return <output data-testid="where">{search}</output>;
}

function renderAt(address) {
  return render(
    <MemoryRouter initialEntries={[address]}>
      <Routes><Route path="/search" element={<><SearchPage /><Where /></>} /></Routes>
    </MemoryRouter>,
  );
}

// the answer to the last query is on screen (no act() warning from a late one)
const settled = () => waitFor(() => expect(document.querySelector('.results[aria-busy]')).toBeNull());

afterEach(() => vi.clearAllMocks());

describe('the results page', () => {
  test('the file type comes from the address, is sent, and a new one goes back to the address', async () => {
    searchItems.mockResolvedValue(ANSWER);
    renderAt('/search?q=heat&fileType=pdf&page=2');
    const select = screen.getByTestId('facet-fileType');
    expect(select.value).toBe('pdf');
    expect([...select.options].map((o) => o.textContent)).toEqual(
      ['All', 'PDF', 'Documents', 'Spreadsheets', 'Presentations', 'Text', 'Images', 'Other']);
    await waitFor(() => expect(searchItems).toHaveBeenCalledWith(expect.objectContaining({ q: 'heat', fileType: 'pdf' })));
    fireEvent.change(select, { target: { value: 'spreadsheet' } });
    expect(screen.getByTestId('where').textContent).toBe('?q=heat&fileType=spreadsheet'); // back to page 1
    await waitFor(() => expect(searchItems).toHaveBeenLastCalledWith(expect.objectContaining({ fileType: 'spreadsheet' })));
    await settled();
    fireEvent.change(screen.getByTestId('facet-fileType'), { target: { value: '' } });
    expect(screen.getByTestId('where').textContent).toBe('?q=heat');
    await waitFor(() => expect(searchItems).toHaveBeenLastCalledWith(expect.objectContaining({ fileType: '' })));
    await settled();
  });

  test('kinds that leave files out hide the file type and drop it from the address', async () => {
    searchItems.mockResolvedValue(ANSWER);
    renderAt('/search?q=heat&kind=article,file&fileType=pdf');
    expect(screen.getByTestId('facet-fileType').value).toBe('pdf');
    await screen.findAllByTestId('result');
    fireEvent.click(screen.getByTestId('facet-kind-file'));
    expect(screen.getByTestId('where').textContent).toBe('?q=heat&kind=article');
    expect(screen.queryByTestId('facet-fileType')).toBeNull();
    await settled();
  });

  test('a file type the kinds leave out (an address typed by hand) is neither shown nor sent', async () => {
    searchItems.mockResolvedValue(ANSWER);
    renderAt('/search?q=heat&kind=article&fileType=pdf');
    expect(screen.queryByTestId('facet-fileType')).toBeNull();
    await waitFor(() => expect(searchItems).toHaveBeenCalledWith(expect.objectContaining({ kind: 'article', fileType: '' })));
    await screen.findAllByTestId('result');
  });

  test('a file hit shows its type, the page (a presentation\'s slide) of its words, and opens the preview there', async () => {
    searchItems.mockResolvedValue(ANSWER);
    renderAt('/search?q=heat');
    const hits = await screen.findAllByTestId('result');
    expect(hits.map((h) => h.querySelector('.results__tag').textContent)).toEqual(['PDF', 'Presentation', 'Document']);
    expect(screen.getAllByTestId('result-page').map((p) => p.textContent)).toEqual(['Page 3', 'Slide 7']);
    expect(hits[2].querySelector('[data-testid=result-page]')).toBeNull();
    expect(screen.getAllByTestId('result-link').map((a) => a.getAttribute('href'))).toEqual([
      '/portal/4/projects/5/files?hit=file-1&preview=1&page=3',
      '/portal/4/projects/5/files?hit=file-2&preview=1&page=7',
      '/portal/4/projects/5/files?hit=file-3&preview=1',
    ]);
  });
});
