import { fireEvent, render, screen } from '@testing-library/react';
import { useCallback, useRef, useState } from 'react';
import { describe, expect, test } from 'vitest';
import useMenuKeys from './useMenuKeys.js';

function Menu() {
  const [open, setOpen] = useState(false);
  const panel = useRef(null);
  const button = useRef(null);
  const close = useCallback(() => setOpen(false), []);
  useMenuKeys(panel, button, open, close);
  return (
    <>
      <button type="button" ref={button} aria-expanded={open} onClick={() => setOpen(!open)}>Open</button>
      {open && (
        <div role="menu" ref={panel}>
          <p>Not an item</p>
          {['One', 'Two', 'Three'].map((n) => <button key={n} type="button" role="menuitem">{n}</button>)}
        </div>
      )}
    </>
  );
}

const active = () => document.activeElement.textContent;

describe('useMenuKeys', () => {
  test('the first item takes the focus; ↓ ↑ go round, Home and End to the ends; Escape closes and refocuses', () => {
    render(<Menu />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(active()).toBe('One');
    const menu = screen.getByRole('menu');
    const press = (key) => fireEvent.keyDown(document.activeElement, { key });
    press('ArrowDown');
    expect(active()).toBe('Two');
    press('ArrowDown');
    press('ArrowDown');
    expect(active()).toBe('One'); // round from the last
    press('ArrowUp');
    expect(active()).toBe('Three'); // round from the first
    press('Home');
    expect(active()).toBe('One');
    press('End');
    expect(active()).toBe('Three');
    press('x'); // other keys are the page's
    expect(active()).toBe('Three');
    expect(menu).toBeInTheDocument();
    press('Escape');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(active()).toBe('Open');
  });

  test('its items are not tab stops; Tab closes it from the button, so the page goes on from there', () => {
    render(<Menu />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    const items = screen.getAllByRole('menuitem');
    expect(items.map((i) => i.tabIndex)).toEqual([-1, -1, -1]);
    fireEvent.keyDown(document.activeElement, { key: 'Tab' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(active()).toBe('Open');
  });
});
