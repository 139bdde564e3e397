import { NavLink } from 'react-router-dom';
import BrandLogo from '../../components/BrandLogo.jsx';
import { t } from '../../lib/i18n.js';

const linkClass = ({ isActive }) => (isActive ? 'sidemenu__link sidemenu__link--on' : 'sidemenu__link');

/**
 * The portal's side menu: its home button, its children (projects) and the portal-wide views (the timesheet, and its
 * approvals where the portal's `timesheets` link offers them).
 */
export default function PortalSideMenu({ portal, home }) {
  const children = portal.children || [];
  const links = portal.links || {};
  return (
    <aside className="sidemenu" aria-label={t('app.portalContents')}>
      <NavLink to={home} end className="sidemenu__home" data-testid="portal-home">
        <BrandLogo brand={portal.brand} platform={portal.platform} size={40} alt="" />
        <span>
          <span className="sidemenu__type">{portal.typeLabel}</span>
          <span className="sidemenu__name">{portal.name}</span>
        </span>
      </NavLink>
      <div className="sidemenu__title">{(portal.childTypes && portal.childTypes[0] && portal.childTypes[0].labelPlural) || t('app.contents')}</div>
      <ul className="sidemenu__list">
        {children.map((c) => (
          <li key={c.id}><NavLink to={`${home}/${c.id}`} className={linkClass}>{c.name}</NavLink></li>
        ))}
        {!children.length && <li className="muted sidemenu__empty">{t('app.nothingHereYet')}</li>}
      </ul>
      <div className="sidemenu__title">{t('app.views')}</div>
      <ul className="sidemenu__list">
        <li><NavLink className="sidemenu__link" to={`${home}/tasks-all`}>{t('app.allTasks')}</NavLink></li>
        <li><NavLink className="sidemenu__link" to={`${home}/activity`}>{t('app.activity')}</NavLink></li>
        <li><NavLink className="sidemenu__link" to={`${home}/timesheet`} end data-testid="menu-timesheet">{t('timesheet.title')}</NavLink></li>
        {links.timesheets && (
          <li><NavLink className="sidemenu__link" to={`${home}/timesheet/approvals`} data-testid="menu-approvals">{t('timesheet.approvals')}</NavLink></li>
        )}
      </ul>
    </aside>
  );
}
