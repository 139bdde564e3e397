import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { DeleteModuleDialog } from './ModuleHeader.jsx';

const action = { busy: false, error: null, confirm: () => {}, cancel: () => {} };
const module = (extra) => ({ id: 5, name: 'Madrid', typeLabel: 'Project', childCount: 2, ...extra });

describe('DeleteModuleDialog says what a delete takes along', () => {
  test('a module without children: the plain confirmation', () => {
    render(<DeleteModuleDialog module={module({ childCount: 0, descendantCount: 0, descendantCountExact: true })} action={action} />);
    expect(screen.getByRole('dialog', { name: 'Delete Project' })).toBeTruthy();
    expect(screen.queryByTestId('delete-descendants')).toBeNull();
    expect(screen.queryByText('SOME ITEMS ARE NEEDED FOR DEV.')).toBeNull();
  });

  test('one module below it, and many (exactly as many as the server counts)', () => {
    const { unmount } = render(<DeleteModuleDialog module={module({ descendantCount: 1, descendantCountExact: true })} action={action} />);
    expect(screen.getByTestId('delete-descendants').textContent)
      .toBe('Madrid and the module below it, with everything they hold, will be deleted.');
    unmount();
    render(<DeleteModuleDialog module={module({ descendantCount: 1000, descendantCountExact: true })} action={action} />);
    expect(screen.getByText('SOME ITEMS ARE NEEDED FOR DEV.')).toBeTruthy();
    expect(screen.getByTestId('delete-descendants').textContent)
      .toBe('Madrid and the 1,000 modules below it, with everything they hold, will be deleted.');
  });

  test('beyond what the server counts: more than that many', () => {
    render(<DeleteModuleDialog module={module({ descendantCount: 1000, descendantCountExact: false })} action={action} />);
    expect(screen.getByTestId('delete-descendants').textContent)
      .toBe('Madrid and more than 1,000 modules below it, with everything they hold, will be deleted.');
  });
});
