import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, test } from 'vitest';
import PortalSideMenu from './PortalSideMenu.jsx';

const portal = (links) => ({ id: 4, name: 'Consortium', typeLabel: 'Portal', children: [], links });

function renderMenu(p, at = '/portal/4') {
  return render(<MemoryRouter initialEntries={[at]}><PortalSideMenu portal={p} home="/portal/4" /></MemoryRouter>);
}

describe('PortalSideMenu: the timesheet', () => {
  test('Timesheet is a view of every portal; Approvals only where the portal has the timesheets link', () => {
    renderMenu(portal({}));
    expect(screen.getByTestId('menu-timesheet')).toHaveAttribute('href', '/portal/4/timesheet');
    expect(screen.getByTestId('menu-timesheet')).toHaveTextContent('Timesheet');
    expect(screen.queryByTestId('menu-approvals')).toBeNull();
  });

  test('with the link: Approvals, and only it marked current on its page', () => {
    renderMenu(portal({ timesheets: { url: '/api/time/months/4', operation: 'GET' } }), '/portal/4/timesheet/approvals');
    expect(screen.getByTestId('menu-approvals')).toHaveAttribute('href', '/portal/4/timesheet/approvals');
    expect(screen.getByTestId('menu-approvals')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByTestId('menu-timesheet')).not.toHaveAttribute('aria-current');
  });
});
