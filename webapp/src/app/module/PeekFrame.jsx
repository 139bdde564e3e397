import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { t } from '../../lib/i18n.js';
import { typing } from '../Shortcuts.jsx';
import ModuleCrumbs from './ModuleCrumbs.jsx';
import { siblingAt } from './childPath.js';

// A dialog, a full-screen overlay (the article reader) or an open menu has the keys first.
const busy = () => !!document.querySelector('.modal, .overlay, [aria-expanded="true"]');

/** The row (a link to `url`) that opened what just closed takes the focus back, unless the focus went elsewhere. */
function focusRowOf(url) {
  setTimeout(() => {
    if (document.activeElement && document.activeElement !== document.body) return; // j, k: the next one has it
    const row = [...document.querySelectorAll('a[href]')].find((a) => a.getAttribute('href') === url && !a.closest('.peek'));
    if (row) row.focus();
  }, 0);
}

/**
 * The side peek (issue 40): a child open beside its list on a wide screen, not modal (the list stays in view and
 * usable). Its parent path on top with Close; the focus moves into it as it opens and back to the list's row as it
 * closes; Escape closes it (to `closeTo`, its list), j and k open the next and previous of `siblings` there, when not typing
 * and no dialog or menu is open (at `listUrl`/{id}: the list's address, which `closeTo` is not when the child was
 * opened from the Overview).
 */
export default function PeekFrame({ module, url, closeTo, listUrl, trail, siblings, children }) {
  const ref = useRef(null);
  const navigate = useNavigate();
  useEffect(() => {
    const el = ref.current;
    if (el && !el.contains(document.activeElement)) el.focus({ preventScroll: true });
    return () => focusRowOf(url);
  }, [url]);
  useEffect(() => {
    const onKey = (e) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || typing(e.target) || busy()) return;
      if (e.key === 'Escape') {
        navigate(closeTo);
        return;
      }
      if (e.key !== 'j' && e.key !== 'k') return;
      const to = siblingAt(siblings || [], module ? module.id : null, e.key === 'j' ? 1 : -1);
      if (!to) return;
      e.preventDefault();
      navigate(`${listUrl || closeTo}/${to.id}`);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [navigate, closeTo, listUrl, siblings, module]);
  return (
    <aside className="peek" aria-label={module ? `${module.typeLabel} ${module.name}` : t('app.loadingLabel')} data-testid="peek"
      ref={ref} tabIndex={-1}>
      <div className="peek__bar">
        <ModuleCrumbs module={module} trail={trail} />
        <Link to={closeTo} className="peek__close" data-testid="peek-close">{t('common.close')} ✕</Link>
      </div>
      <div className="peek__content">{children}</div>
    </aside>
  );
}
