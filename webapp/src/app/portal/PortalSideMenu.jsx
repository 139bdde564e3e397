import { NavLink } from 'react-router-dom';
import BrandLogo from '../../components/BrandLogo.jsx';

const linkClass = ({ isActive }) => (isActive ? 'sidemenu__link sidemenu__link--on' : 'sidemenu__link');

/** The portal's side menu: its home button, its children (projects) and the portal-wide views. */
export default function PortalSideMenu({ portal, home }) {
  const children = portal.children || [];
  return (
    <aside className="sidemenu" aria-label="Portal contents">
      <NavLink to={home} end className="sidemenu__home" data-testid="portal-home">
        <BrandLogo brand={portal.brand} platform={portal.platform} size={40} alt="" />
        <span>
          <span className="sidemenu__type">{portal.typeLabel}</span>
          <span className="sidemenu__name">{portal.name}</span>
        </span>
      </NavLink>
      <div className="sidemenu__title">{(portal.childTypes && portal.childTypes[0] && portal.childTypes[0].labelPlural) || 'Contents'}</div>
      <ul className="sidemenu__list">
        {children.map((c) => (
          <li key={c.id}><NavLink to={`${home}/${c.id}`} className={linkClass}>{c.name}</NavLink></li>
        ))}
        {!children.length && <li className="muted sidemenu__empty">Nothing here yet</li>}
      </ul>
      <div className="sidemenu__title">Views</div>
      <ul className="sidemenu__list">
        <li><NavLink className="sidemenu__link" to={`${home}/tasks-all`}>All tasks</NavLink></li>
        <li><NavLink className="sidemenu__link" to={`${home}/activity`}>Activity</NavLink></li>
      </ul>
    </aside>
  );
}
