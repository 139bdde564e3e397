import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import BrandLogo from '../../components/BrandLogo.jsx';
import { treeChanged } from '../../lib/changes.js';
import { formatNumber, inSentence, t } from '../../lib/i18n.js';
import StatusBadge from '../../components/StatusBadge.jsx';
import AddModuleDialog from '../../features/clone/AddModuleDialog.jsx';
import { addLinks } from '../../features/modules/api.js';
import ModuleHeader from '../../features/modules/ModuleHeader.jsx';

/** The portal page: its header and its child projects as cards linking to {base}/{portalId}/{projectId}. */
export default function PortalPage({ portal, base, onChanged }) {
  const [adding, setAdding] = useState(null);
  const navigate = useNavigate();
  const home = `/${base}/${portal.id}`;
  const adds = addLinks(portal);
  return (
    <div className="page">
      <ModuleHeader module={portal} moduleUrl={`${home}/module/${portal.id}`} onChanged={onChanged}
        onDeleted={() => navigate('/')} />
      {(portal.childTypes || []).map((ct) => {
        const children = (portal.children || []).filter((c) => c.type === ct.type);
        const add = adds.find((a) => a.ct.type === ct.type);
        return (
          <section key={ct.type} className="section">
            <div className="section__head">
              <h2 className="section-title">{ct.labelPlural} <span className="count">{formatNumber(children.length)}</span></h2>
              {add && (
                <button type="button" className="btn btn--primary btn--small" onClick={() => setAdding(add)}
                  data-testid={`add-${add.name.slice(4)}`}>
                  + {add.link.label}
                </button>
              )}
            </div>
            {children.length === 0 && <div className="empty">{t('app.noneYet', { types: inSentence(ct.labelPlural) })}</div>}
            <div className="cards">
              {children.map((c) => (
                <Link key={c.id} to={`${home}/${c.id}`} className="card card--project" data-testid="project-card">
                  <BrandLogo brand={c.brand} platform={c.platform} size={48} alt="" />
                  <div className="card__body">
                    <div className="card__kicker">{c.typeLabel} · {t('app.idNumber', { id: c.id })}</div>
                    <div className="card__title">{c.name}</div>
                    {c.description && <div className="card__text">{c.description}</div>}
                    <div className="card__foot">
                      <StatusBadge status={c.deliverable && c.deliverable.status} />
                      <span className="muted">{t('common.items', { count: c.childCount || 0 })}</span>
                    </div>
                  </div>
                </Link>
              ))}
            </div>
          </section>
        );
      })}
      {adding && (
        <AddModuleDialog title={adding.link.label} link={adding.link} onClose={() => setAdding(null)}
          onSuccess={() => { treeChanged(); if (onChanged) onChanged(); }} />
      )}
    </div>
  );
}
