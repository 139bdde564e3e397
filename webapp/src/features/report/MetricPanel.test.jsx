import { render, screen, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';

vi.mock('./api.js', () => ({
  showMetric: vi.fn(() => Promise.resolve({
    attribute: 'budget', type: 'NUMERIC',
    values: [{ id: 1, module_name: 'Lisbon demo case – social housing block with a very long name', entity_name: 'Project', value_formatted: '€2,400,000', numval: 2400000 }],
    groupedValues: [], aggregatedValues: { count: 1, avg_value_formatted: '€2,400,000' },
  })),
}));

// eslint-disable-next-line import/first
import MetricPanel from './MetricPanel.jsx';

const metric = (title, panelType) => ({ id: 7, title, attribute: 'budget', layout: JSON.stringify({ panelType, bgColor: 'default' }), links: {} });

describe('MetricPanel', () => {
  test('a long title is kept whole for the hover and the panel body is a named, focusable region', async () => {
    const title = 'Budget of every demo case of the consortium, before and after the renovation works';
    render(<MetricPanel moduleId={1} metric={metric(title, 'avg')} />);
    const heading = screen.getByRole('heading', { name: title });
    expect(heading).toHaveAttribute('title', title);
    const region = screen.getByRole('region', { name: title });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(await within(region).findByText('€2,400,000')).toBeInTheDocument();
  });

  test('the table panel puts the value beside the item, so a narrow panel keeps it in view', async () => {
    render(<MetricPanel moduleId={1} metric={metric('Budgets', 'table')} />);
    await screen.findByText('€2,400,000');
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent.replace(/[▲▼⇅\s]+$/u, '').trim());
    expect(headers.slice(0, 3)).toEqual(['Item', 'Value', 'Type']);
  });
});
