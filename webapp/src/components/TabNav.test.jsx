import { describe, expect, test } from 'vitest';
import { showActive } from './TabNav.jsx';

// jsdom lays nothing out: the strip and its tabs say where they are.
function strip(tabs, on, scrollLeft = 0) {
  const nav = document.createElement('nav');
  nav.getBoundingClientRect = () => ({ left: 0, right: 300, width: 300 });
  tabs.forEach(([left, width], i) => {
    const a = document.createElement('a');
    a.className = i === on ? 'tabs__tab tabs__tab--on' : 'tabs__tab';
    a.getBoundingClientRect = () => ({ left: left - nav.scrollLeft, right: left + width - nav.scrollLeft, width });
    nav.appendChild(a);
  });
  nav.scrollLeft = scrollLeft;
  return nav;
}

describe('showActive', () => {
  const TABS = [[0, 100], [100, 100], [200, 100], [300, 100], [400, 100], [500, 100]];
  test('a tab out of sight on the right is brought to the middle', () => {
    const nav = strip(TABS, 4);
    showActive(nav);
    expect(nav.scrollLeft).toBe(300); // 400..500 shown at 100..200 of 0..300
  });
  test('a tab out of sight on the left too', () => {
    const nav = strip(TABS, 1, 400);
    showActive(nav);
    expect(nav.scrollLeft).toBe(0);
  });
  test('a tab in sight, or no open tab, moves nothing', () => {
    const nav = strip(TABS, 2);
    showActive(nav);
    expect(nav.scrollLeft).toBe(0);
    const none = strip(TABS, -1, 50);
    showActive(none);
    expect(none.scrollLeft).toBe(50);
  });
});
