import { useEffect } from 'react';
import { NavLink, useNavigate, useParams } from 'react-router-dom';
import StatusBadge from '../../components/StatusBadge.jsx';
import useFetch from '../../hooks/useFetch.js';
import { onTreeChanged } from '../../lib/changes.js';
import { t } from '../../lib/i18n.js';
import { listChildren } from '../../features/modules/api.js';
import { tabOfChild } from '../../features/modules/tabs.js';
import ProjectScreen from '../module/ProjectScreen.jsx';

/** The children of the open project, as the second level of the tree. */
function Branch({ project, url }) {
  const { data, reload } = useFetch(listChildren, [project.id]);
  useEffect(() => onTreeChanged(reload), [reload]);
  if (!data || !data.length) return null;
  return (
    <ul className="tree__branch">
      {data.map((c) => (
        <li key={c.id}>
          <NavLink to={`${url}/${tabOfChild(project, c)}/${c.id}`}
            className={({ isActive }) => (isActive ? 'tree__link tree__link--sub tree__link--on' : 'tree__link tree__link--sub')}>
            <span className="tree__name">{c.name}</span>
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/** /portal/{id}/projects[/{pid}]: a side tree of the portal's projects plus the project screen (as at {base}/{id}/{pid}). */
export default function ProjectsBrowser({ portal, base, onChanged }) {
  const { pid } = useParams();
  const navigate = useNavigate();
  const root = `/${base}/${portal.id}/projects`;
  return (
    <div className="browser">
      <aside className="tree" aria-label={t('app.projects')}>
        <div className="tree__title">{portal.name}</div>
        <ul>
          {(portal.children || []).map((c) => (
            <li key={c.id}>
              <NavLink to={`${root}/${c.id}`} className={({ isActive }) => (isActive ? 'tree__link tree__link--on' : 'tree__link')}>
                <span className="tree__dot" style={{ background: 'currentColor' }} aria-hidden="true" />
                <span className="tree__name">{c.name}</span>
              </NavLink>
              {String(c.id) === String(pid) && <Branch project={c} url={`${root}/${c.id}`} />}
            </li>
          ))}
        </ul>
      </aside>
      <div className="browser__main">
        {pid ? (
          <ProjectScreen key={pid} moduleId={pid} baseUrl={`${root}/${pid}`} portalUrl={`/${base}/${portal.id}`} onChanged={onChanged}
            onDeleted={() => { if (onChanged) onChanged(); navigate(root); }} />
        ) : (
          <div className="page">
            <h1 className="page__title">{t('app.work')}</h1>
            <p className="muted">{t('app.chooseProject')}</p>
            <div className="cards cards--compact">
              {(portal.children || []).map((c) => (
                <NavLink key={c.id} to={`${root}/${c.id}`} className="card">
                  <div className="card__body">
                    <div className="card__kicker">{c.typeLabel} · {t('app.idNumber', { id: c.id })}</div>
                    <div className="card__title">{c.name}</div>
                    <div className="card__foot"><StatusBadge status={c.deliverable && c.deliverable.status} /></div>
                  </div>
                </NavLink>
              ))}
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
