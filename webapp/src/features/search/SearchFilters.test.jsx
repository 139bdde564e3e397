import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import SearchFilters, { filterCount } from './SearchFilters.jsx';

const FACETS = { kind: { article: 3, file: 1 }, portal: [{ id: 4, name: 'Consortium', count: 4 }], author: [] };

describe('SearchFilters', () => {
  test('counts each chosen kind and each other filter in force', () => {
    expect(filterCount({ q: 'heat' })).toBe(0);
    expect(filterCount({ q: 'heat', kind: 'article,file', portal: '4', to: '2026-01-01' })).toBe(4);
    expect(filterCount({ kind: '', author: '', from: '2026-01-01' })).toBe(1);
    expect(filterCount({ q: 'heat', kind: 'file', fileType: 'pdf' })).toBe(2);
    expect(filterCount({ q: 'heat', kind: 'article', fileType: 'pdf' })).toBe(1); // hidden: not in force
  });

  test('the file type shows while the kinds include files (or none is chosen) and writes fileType', () => {
    const set = vi.fn();
    const { rerender } = render(<SearchFilters facets={FACETS} query={{ q: 'heat', fileType: 'image' }} set={set} />);
    const select = screen.getByTestId('facet-fileType');
    expect(select.value).toBe('image');
    fireEvent.change(select, { target: { value: 'pdf' } });
    expect(set).toHaveBeenLastCalledWith({ fileType: 'pdf' });
    rerender(<SearchFilters facets={FACETS} query={{ q: 'heat', kind: 'article,file', fileType: 'pdf' }} set={set} />);
    expect(screen.getByTestId('facet-fileType').value).toBe('pdf');
    fireEvent.click(screen.getByTestId('facet-kind-file')); // files left out: the file type goes with them
    expect(set).toHaveBeenLastCalledWith({ kind: 'article', fileType: '' });
    rerender(<SearchFilters facets={FACETS} query={{ q: 'heat', kind: 'article' }} set={set} />);
    expect(screen.queryByTestId('facet-fileType')).toBeNull();
  });

  test('its button says how many filters are in force and opens the facets it controls', () => {
    const set = vi.fn();
    render(<SearchFilters facets={FACETS} query={{ q: 'heat', kind: 'article', portal: '4' }} set={set} />);
    const toggle = screen.getByTestId('facets-toggle');
    expect(toggle.textContent).toBe('Filters (2)');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const facets = document.getElementById(toggle.getAttribute('aria-controls'));
    expect(facets.getAttribute('aria-label')).toBe('Filters');
    expect(facets.parentElement.className).toBe('results__filters');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(facets.parentElement.className).toBe('results__filters results__filters--open');
    fireEvent.click(screen.getByTestId('facet-kind-file'));
    expect(set).toHaveBeenCalledWith({ kind: 'article,file' });
  });

  test('with none in force it says Filters', () => {
    render(<SearchFilters facets={FACETS} query={{ q: 'heat' }} set={() => {}} />);
    expect(screen.getByTestId('facets-toggle').textContent).toBe('Filters');
  });
});
