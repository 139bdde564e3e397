import { Suspense, lazy } from 'react';
import { NavLink, Navigate, Route, Routes } from 'react-router-dom';
import Loading from '../../components/Loading.jsx';
import { NoMatch } from '../../components/NotFound.jsx';
import Placeholder from '../../components/Placeholder.jsx';
import FeedList from '../feed/FeedList.jsx';

const KnowledgeLibrary = lazy(() => import('../knowledge/KnowledgeLibrary.jsx'));
const MembersPanel = lazy(() => import('../members/MembersPanel.jsx'));
const VaultPanel = lazy(() => import('../vault/VaultPanel.jsx'));
const CustomFieldsPage = lazy(() => import('../customFields/CustomFieldsPage.jsx'));
const TemplatesPage = lazy(() => import('../clone/TemplatesPage.jsx'));

const PAGES = [
  ['users', 'Users'],
  ['templates', 'Templates'],
  ['custom-fields', 'Custom Fields'],
  ['articles', 'Articles'],
  ['files', 'Files'],
  ['feed', 'Feed'],
];

/** The users page: admin members apart from all members, with add, invite, edit and delete. */
function UsersPage({ portal }) {
  return <MembersPanel module={portal} split />;
}

/** /portal/{id}/settings: templates, custom-fields, users, articles, files, feed. */
export default function PortalSettings({ portal, base }) {
  const root = `/${base}/${portal.id}/settings`;
  return (
    <div className="page">
      <h1 className="page__title">Settings</h1>
      <nav className="tabs" aria-label="Settings">
        {PAGES.map(([p, label]) => (
          <NavLink key={p} to={`${root}/${p}`} className={({ isActive }) => (isActive ? 'tabs__tab tabs__tab--on' : 'tabs__tab')}>{label}</NavLink>
        ))}
      </nav>
      <div className="tabs__panel">
        <Suspense fallback={<Loading inline />}>
        <Routes>
          <Route index element={<Navigate to={`${root}/users`} replace />} />
          <Route path="users" element={<UsersPage portal={portal} />} />
          <Route path="templates" element={<TemplatesPage portal={portal} />} />
          <Route path="custom-fields" element={<CustomFieldsPage portal={portal} />} />
          <Route path="articles/*" element={<KnowledgeLibrary module={portal} baseUrl={`${root}/articles`} />} />
          <Route path="files" element={<VaultPanel module={portal} title="Portal files" />} />
          <Route path="feed" element={<FeedList moduleId={portal.id} />} />
          <Route path="*" element={<NoMatch />} />
        </Routes>
        </Suspense>
      </div>
    </div>
  );
}
