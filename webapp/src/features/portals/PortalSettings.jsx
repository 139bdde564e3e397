import { NavLink, Navigate, Route, Routes } from 'react-router-dom';
import Avatar from '../../components/Avatar.jsx';
import { NoMatch } from '../../components/NotFound.jsx';
import Placeholder from '../../components/Placeholder.jsx';
import FeedList from '../feed/FeedList.jsx';

const PAGES = [
  ['users', 'Users'],
  ['templates', 'Templates'],
  ['custom-fields', 'Custom Fields'],
  ['articles', 'Articles'],
  ['files', 'Files'],
  ['feed', 'Feed'],
];

function badge(m) {
  if (m.admin) return m.inherited ? 'Admin' : 'Super Admin';
  if (m.allowView && m.allowEdit) return 'Editor';
  if (m.allowView) return 'Viewer';
  return '';
}

function MembersTable({ members }) {
  if (!members.length) return <div className="empty">Nobody here</div>;
  return (
    <table className="table">
      <thead><tr><th style={{ width: 60 }}>ID</th><th style={{ width: 50 }} /><th>User</th><th>Role</th><th>Admin?</th><th>Email</th></tr></thead>
      <tbody>
        {members.map((m) => (
          <tr key={m.id}>
            <td className="muted">{m.id}</td>
            <td><Avatar name={m.name} size={28} /></td>
            <td>{m.name} <span className="tag tag--light">{badge(m)}</span></td>
            <td>{m.role}</td>
            <td>{m.admin ? 'YES' : 'NO'}</td>
            <td>{m.userEmail}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function UsersPage({ portal }) {
  const all = portal.memberships || [];
  return (
    <>
      <h2 className="section-title">Admin members</h2>
      <MembersTable members={all.filter((m) => m.admin)} />
      <h2 className="section-title">All members</h2>
      <MembersTable members={all} />
    </>
  );
}

function CustomFieldsPage({ portal }) {
  const fields = portal.customFields || [];
  if (!fields.length) return <div className="empty">No custom fields</div>;
  return (
    <table className="table">
      <thead><tr><th>Label</th><th>Attribute</th><th>Type</th><th>Symbol</th><th>Options</th></tr></thead>
      <tbody>
        {fields.map((f) => (
          <tr key={f.id}>
            <td>{f.label}</td><td><code>{f.attribute}</code></td><td>{f.type}</td><td>{f.symbol || ''}</td>
            <td className="muted">{(f.options || []).map((o) => o.label).join(', ')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
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
        <Routes>
          <Route index element={<Navigate to={`${root}/users`} replace />} />
          <Route path="users" element={<UsersPage portal={portal} />} />
          <Route path="templates" element={<Placeholder title="Template management">Templates (clone configurations) of this portal&rsquo;s projects.</Placeholder>} />
          <Route path="custom-fields" element={<CustomFieldsPage portal={portal} />} />
          <Route path="articles" element={<Placeholder title="The portal&rsquo;s knowledge articles">All articles of the portal in one place.</Placeholder>} />
          <Route path="files" element={<Placeholder title="The portal&rsquo;s files">All files and references of the portal in one place.</Placeholder>} />
          <Route path="feed" element={<FeedList moduleId={portal.id} />} />
          <Route path="*" element={<NoMatch />} />
        </Routes>
      </div>
    </div>
  );
}
