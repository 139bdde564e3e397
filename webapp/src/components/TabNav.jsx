import { useEffect } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import useSideways from '../hooks/useSideways.js';

/** Scrolls the strip sideways (never the page) so that its open tab shows, centred when it was out of sight. */
export function showActive(strip) {
  const on = strip && strip.querySelector('.tabs__tab--on');
  if (!on) return;
  const s = strip.getBoundingClientRect();
  const t = on.getBoundingClientRect();
  if (t.left < s.left || t.right > s.right) strip.scrollLeft += t.left - s.left - (s.width - t.width) / 2;
}

/**
 * A row of route tabs (`tabs`: [{to, label, end}]; `end`: on only at its own address, not below it). On a narrow screen the row scrolls sideways; the open tab is kept
 * in sight, so a page opened at its last tab (a link, a reload) shows which tab it is, and an edge with tabs out
 * of sight beyond it fades (the cut tab alone did not say there were more).
 */
export default function TabNav({ label, tabs, testId }) {
  const [ref, { before, after }] = useSideways({ scrolled: true, watch: tabs.map((t) => t.to).join(' ') });
  const { pathname } = useLocation();
  useEffect(() => showActive(ref.current), [pathname, ref]);
  const className = ['tabs', before && 'tabs--before', after && 'tabs--after'].filter(Boolean).join(' ');
  return (
    <nav className={className} aria-label={label} data-testid={testId} ref={ref}>
      {tabs.map((t) => (
        <NavLink key={t.to} to={t.to} end={!!t.end} className={({ isActive }) => (isActive ? 'tabs__tab tabs__tab--on' : 'tabs__tab')}>
          {t.label}
        </NavLink>
      ))}
    </nav>
  );
}
