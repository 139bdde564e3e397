import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, test, vi } from 'vitest';

vi.mock('../../lib/apiClient.js', async (importOriginal) => {
  const real = await importOriginal();
  return { ...real, default: { get: vi.fn(), post: vi.fn(), delete: vi.fn() } };
});

// eslint-disable-next-line import/first
import api from '../../lib/apiClient.js';
// eslint-disable-next-line import/first
import RelationsSection from './RelationsSection.jsx';

const link = (url, operation = 'GET') => ({ url, operation });
const relation = (over) => ({
  id: 7, kind: 'FS', side: 'FS_IN', words: 'follows', lag: 2, other: { id: 3, name: 'Survey', links: {} },
  links: { edit: link('/api/relation/edit/5/7', 'POST'), delete: link('/api/relation/delete/5/7', 'DELETE') }, ...over,
});
const module = (links) => ({ id: 5, name: 'Design', path: '/1/2/5/', links });
const show = (m) => render(<MemoryRouter><RelationsSection module={m} urlOf={(o) => `/portal/2/module/${o.id}`} /></MemoryRouter>);

afterEach(() => { api.get.mockReset(); api.delete.mockReset(); });

describe('RelationsSection', () => {
  test('reads each relation from this side, with the lag and a link to the other module', async () => {
    api.get.mockResolvedValue({ data: { list: [relation(), relation({ id: 8, side: 'RELATES', words: 'relates to', lag: 0, other: { id: 4, name: 'Audit', links: {} }, links: {} })] } });
    show(module({ relations: link('/api/relation/list/5'), add_relation: link('/api/relation/add/5', 'POST') }));
    const rows = await screen.findAllByTestId('relation');
    expect(rows.map((r) => r.textContent.replace(/\s+/g, ' ').trim())).toEqual(['Follows Survey (+2 working days)', 'Relates to Audit']);
    expect(screen.getByRole('link', { name: 'Survey' })).toHaveAttribute('href', '/portal/2/module/3');
    expect(screen.getByRole('button', { name: 'Edit the relation with Survey' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit the relation with Audit' })).toBeNull(); // no link, no button
    expect(screen.getByTestId('add-relation')).toBeInTheDocument();
    expect(api.get).toHaveBeenCalledWith('/api/relation/list/5');
  });

  test('a reader with nothing to see and nothing to add sees no section; without the link it asks nothing', async () => {
    api.get.mockResolvedValue({ data: { list: [] } });
    const { container } = show(module({ relations: link('/api/relation/list/5') }));
    await waitFor(() => expect(api.get).toHaveBeenCalled());
    await waitFor(() => expect(container.querySelector('[data-testid=relations-section]')).toBeNull());
    api.get.mockClear();
    show(module({}));
    expect(api.get).not.toHaveBeenCalled();
  });

  test('a removal asks first, then follows the delete link and reads the list again', async () => {
    api.get.mockResolvedValueOnce({ data: { list: [relation()] } }).mockResolvedValue({ data: { list: [] } });
    api.delete.mockResolvedValue({ data: { message: 'Relation removed' } });
    show(module({ relations: link('/api/relation/list/5'), add_relation: link('/api/relation/add/5', 'POST') }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove the relation with Survey' }));
    expect(screen.getByRole('dialog', { name: 'Remove Relation' })).toHaveTextContent('Follows Survey');
    expect(api.delete).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.delete).toHaveBeenCalledWith('/api/relation/delete/5/7'));
    expect(await screen.findByTestId('relations-empty')).toHaveTextContent('No relations yet');
  });
});
