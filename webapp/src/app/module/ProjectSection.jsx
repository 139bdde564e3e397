import { Link } from 'react-router-dom';
import StatusBadge from '../../components/StatusBadge.jsx';
import useFetch from '../../hooks/useFetch.js';
import { formatDate } from '../../lib/dates.js';
import { t } from '../../lib/i18n.js';
import { listChildren } from '../../features/modules/api.js';
import { isCompleted, tabOfChild } from '../../features/modules/tabs.js';

function SectionDates({ d }) {
  if (!d || !(d.startDate || d.deadline)) return null;
  return (
    <div className="psection__dates muted">
      {d.startDate && t('app.sectionStart', { date: formatDate(d.startDate) })}
      {d.deadline && <> · {t('app.sectionDeadline', { date: formatDate(d.deadline) })}</>}
      {d.ownerName && <> · {t('app.sectionOwner', { name: d.ownerName })}</>}
    </div>
  );
}

// What the overlays opened from here know: closing the outermost returns to the Overview, not to its tab.
const FROM_OVERVIEW = { fromOverview: true };

/** One child of the project page: its kicker, name, status, dates and its own children, each opening as an overlay. */
export default function ProjectSection({ child, parent, projectUrl }) {
  const { data } = useFetch(child.childCount ? listChildren : null, [child.id]);
  const tab = tabOfChild(parent, child);
  const d = child.deliverable;
  return (
    <section id={`section-${child.id}`} className="psection" data-testid="project-section">
      <div className="psection__head">
        <div>
          <div className="card__kicker">{child.typeLabel} · {t('app.idNumber', { id: child.id })}</div>
          <h2 className="psection__title">{child.name}</h2>
        </div>
        <div className="psection__action">
          <StatusBadge status={d && d.status} />
          <Link className="btn btn--small" to={`${projectUrl}/${tab}/${child.id}`} state={FROM_OVERVIEW} data-testid="open-section">{t('app.open')}</Link>
        </div>
      </div>
      {child.description && <p className="psection__desc">{child.description}</p>}
      <SectionDates d={d} />
      {data && data.length > 0 && (
        <ul className="psection__items">
          {data.map((g) => (
            <li key={g.id}>
              <Link to={`${projectUrl}/${tab}/${child.id}/${tabOfChild(child, g)}/${g.id}`} state={FROM_OVERVIEW}
                className={isCompleted(g) ? 'childlist__name childlist__name--done' : 'childlist__name'} data-testid="section-item">
                {isCompleted(g) && <span className="check" aria-label={t('app.completedMark')}>✓</span>}
                {g.name}
              </Link>
              <StatusBadge status={g.deliverable && g.deliverable.status} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
