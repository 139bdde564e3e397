import { useCallback, useRef, useState } from 'react';
import { useSelector } from 'react-redux';
import { Link } from 'react-router-dom';
import BrandLogo from '../../components/BrandLogo.jsx';
import useClickOutside from '../../hooks/useClickOutside.js';
import useMenuKeys from '../../hooks/useMenuKeys.js';
import { portalHref } from '../../lib/format.js';
import { t } from '../../lib/i18n.js';

/** All portals with logos, each linking to its home; a press elsewhere or Escape closes the list. */
export default function PortalSwitcher({ current }) {
  const list = useSelector((s) => s.portals.list);
  const [open, setOpen] = useState(false);
  const ref = useRef(null);
  const panel = useRef(null);
  const button = useRef(null);
  const close = useCallback(() => setOpen(false), []);
  useClickOutside(ref, open, close);
  useMenuKeys(panel, button, open, close);
  return (
    <div className="switcher" ref={ref}>
      <button type="button" className="switcher__toggle" onClick={() => setOpen(!open)} aria-expanded={open}
        aria-haspopup="menu" data-testid="portal-switcher" ref={button}>
        <span className="switcher__grid" aria-hidden="true">▦</span>
        <span>{current ? current.name : t('portals.portals')}</span>
        <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div className="switcher__panel" role="menu" aria-label={t('portals.switchPortal')} ref={panel}>
          <div className="switcher__title">{t('portals.switchPortal')}</div>
          {list.map((p) => (
            <Link key={p.id} role="menuitem" to={portalHref(p)} onClick={close}
              className={current && current.id === p.id ? 'switcher__item switcher__item--on' : 'switcher__item'}>
              <BrandLogo brand={p.brand} platform={p.platform} size={32} alt="" />
              <span>{p.name}</span>
            </Link>
          ))}
          {!list.length && <div className="muted">{t('portals.noPortals')}</div>}
        </div>
      )}
    </div>
  );
}
