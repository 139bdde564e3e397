import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, test, vi } from 'vitest';

vi.mock('../lib/apiClient.js', async (importOriginal) => {
  const real = await importOriginal();
  return {
    ...real,
    default: {
      get: vi.fn().mockResolvedValue({
        data: { method: 'PUT', action: '/api/module/edit/5', elements: [{ name: 'name', label: 'Name', type: 'text', value: 'Lisbon', required: true, options: [] }] },
      }),
      post: vi.fn(),
    },
  };
});

// eslint-disable-next-line import/first
import FormDialog from './FormDialog.jsx';
// eslint-disable-next-line import/first
import SidePanel from './SidePanel.jsx';
// eslint-disable-next-line import/first
import TabNav from './TabNav.jsx';

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>Edit Project</button>
      <input aria-label="On the page" />
      {open && <SidePanel title="Edit Project" onClose={() => setOpen(false)}><input aria-label="Name" /></SidePanel>}
    </>
  );
}

describe('SidePanel', () => {
  test('a non-modal panel: focus goes in, the page stays reachable, Escape closes and focus comes back', () => {
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Edit Project' });
    opener.focus();
    fireEvent.click(opener);
    const panel = screen.getByRole('dialog', { name: 'Edit Project' });
    expect(panel.getAttribute('aria-modal')).toBe('false');
    expect(panel.contains(document.activeElement)).toBe(true); // its first field in a browser (jsdom lays nothing out)
    // Tab is not trapped: the page's own field can take the focus while the panel is open
    screen.getByLabelText('On the page').focus();
    expect(document.activeElement).toBe(screen.getByLabelText('On the page'));
    fireEvent.keyDown(screen.getByLabelText('Name'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  test('× closes it', () => {
    render(<Page />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Project' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('FormDialog with `panel` shows the server form in the side panel, not a modal', async () => {
    render(<FormDialog title="Edit Project" url="/api/module/edit/5" panel onClose={() => {}} />);
    await waitFor(() => expect(screen.getByLabelText(/Name/)).toBeTruthy());
    expect(screen.getByTestId('side-panel')).toBeTruthy();
    expect(document.querySelector('.modal')).toBeNull();
  });
});

describe('TabNav `end`', () => {
  test('an Overview tab at the screen address is on only there, not under the other tabs', () => {
    const tabs = [{ to: '/p/5', label: 'Overview', end: true }, { to: '/p/5/phases', label: 'Phases' }];
    const at = (path) => render(
      <MemoryRouter initialEntries={[path]}><Routes><Route path="*" element={<TabNav label="Tabs" tabs={tabs} />} /></Routes></MemoryRouter>,
    );
    const one = at('/p/5');
    expect(one.getByRole('link', { name: 'Overview' }).className).toContain('tabs__tab--on');
    one.unmount();
    const two = at('/p/5/phases');
    expect(two.getByRole('link', { name: 'Overview' }).className).not.toContain('tabs__tab--on');
    expect(two.getByRole('link', { name: 'Phases' }).className).toContain('tabs__tab--on');
  });
});
