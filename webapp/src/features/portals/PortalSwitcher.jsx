import { useEffect, useRef, useState } from 'react';
import { useSelector } from 'react-redux';
import { Link } from 'react-router-dom';
import BrandLogo from '../../components/BrandLogo.jsx';

/** All portals with logos, linking to /portal/{id}/projects. */
export default function PortalSwitcher({ current }) {
  const list = useSelector((s) => s.portals.list);
  const [open, setOpen] = useState(false);
  const ref = useRef(null);
  useEffect(() => {
    const close = (e) => { if (ref.current && !ref.current.contains(e.target)) setOpen(false); };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, []);
  return (
    <div className="switcher" ref={ref}>
      <button type="button" className="switcher__toggle" onClick={() => setOpen(!open)} aria-expanded={open}
        data-testid="portal-switcher">
        <span className="switcher__grid" aria-hidden="true">▦</span>
        <span>{current ? current.name : 'Portals'}</span>
        <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div className="switcher__panel" role="menu">
          <div className="switcher__title">Switch portal</div>
          {list.map((p) => (
            <Link key={p.id} role="menuitem" to={`/portal/${p.id}/projects`} onClick={() => setOpen(false)}
              className={current && current.id === p.id ? 'switcher__item switcher__item--on' : 'switcher__item'}>
              <BrandLogo brand={p.brand} platform={p.platform} size={32} alt="" />
              <span>{p.name}</span>
            </Link>
          ))}
          {!list.length && <div className="muted">No portals</div>}
        </div>
      )}
    </div>
  );
}
