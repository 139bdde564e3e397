import { Suspense, lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import Loading from '../../components/Loading.jsx';
import { NoMatch } from '../../components/NotFound.jsx';
import TabNav from '../../components/TabNav.jsx';
import FeedList from '../../features/feed/FeedList.jsx';
import { t } from '../../lib/i18n.js';

const KnowledgeLibrary = lazy(() => import('../../features/knowledge/KnowledgeLibrary.jsx'));
const MembersPanel = lazy(() => import('../../features/members/MembersPanel.jsx'));
const VaultPanel = lazy(() => import('../../features/vault/VaultPanel.jsx'));
const CustomFieldsPage = lazy(() => import('../../features/customFields/CustomFieldsPage.jsx'));
const TemplatesPage = lazy(() => import('../../features/clone/TemplatesPage.jsx'));
const WebhooksPage = lazy(() => import('../../features/webhooks/WebhooksPage.jsx'));
const PlanningSettings = lazy(() => import('../../features/planning/PlanningSettings.jsx'));
const EffortSettings = lazy(() => import('../../features/effortReport/EffortSettings.jsx'));
const ImportPage = lazy(() => import('../../features/imports/ImportPage.jsx'));

/** The settings' pages every member sees: [path, label]. */
const pagesForAll = () => [
  ['users', t('app.users')],
  ['templates', t('app.templates')],
  ['custom-fields', t('app.customFields')],
  ['articles', t('app.articles')],
  ['files', t('app.files')],
  ['feed', t('app.feed')],
];

/** The users page: admin members apart from all members, with add, invite, edit and delete. */
function UsersPage({ portal, onChanged }) {
  // The admins come from the portal's own memberships: a change reloads the portal too.
  return <MembersPanel module={portal} split onChanged={onChanged} />;
}

/**
 * /portal/{id}/settings: templates, custom-fields, users, articles, files, feed; planning, effort, webhooks and import
 * for admins.
 */
export default function PortalSettings({ portal, base, onChanged }) {
  const root = `/${base}/${portal.id}/settings`;
  // Planning (issue 42), time and effort (issue 45), webhooks and imports (issue 46): the portal's admins only (the
  // portal offers them their links).
  const links = portal.links || {};
  const pages = [...pagesForAll(), ...(links.planning_settings ? [['planning', t('app.planning')]] : []),
    ...(links.effort_settings ? [['effort', t('app.effort')]] : []), ...(links.webhooks ? [['webhooks', t('app.webhooks')]] : []),
    ...(links.import ? [['import', t('imports.tab')]] : [])];
  return (
    <div className="page">
      <h1 className="page__title">{t('app.settings')}</h1>
      <TabNav label={t('app.settings')} tabs={pages.map(([p, label]) => ({ to: `${root}/${p}`, label }))} />
      <div className="tabs__panel">
        <Suspense fallback={<Loading inline />}>
        <Routes>
          <Route index element={<Navigate to={`${root}/users`} replace />} />
          <Route path="users" element={<UsersPage portal={portal} onChanged={onChanged} />} />
          <Route path="templates" element={<TemplatesPage portal={portal} />} />
          <Route path="custom-fields" element={<CustomFieldsPage portal={portal} />} />
          <Route path="articles/*" element={<KnowledgeLibrary module={portal} baseUrl={`${root}/articles`} />} />
          <Route path="files" element={<VaultPanel module={portal} title={t('app.portalFiles')} />} />
          <Route path="feed" element={<FeedList moduleId={portal.id} />} />
          <Route path="webhooks" element={<WebhooksPage portal={portal} />} />
          <Route path="planning" element={<PlanningSettings portal={portal} />} />
          <Route path="effort" element={<EffortSettings portal={portal} />} />
          <Route path="import/*" element={<ImportPage portal={portal} baseUrl={`${root}/import`}
            moduleHref={(id) => `/${base}/${portal.id}/module/${id}`} />} />
          <Route path="*" element={<NoMatch />} />
        </Routes>
        </Suspense>
      </div>
    </div>
  );
}
