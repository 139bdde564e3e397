import { useSelector } from 'react-redux';
import { NavLink, Route, Routes } from 'react-router-dom';
import Avatar from '../../components/Avatar.jsx';
import Loading from '../../components/Loading.jsx';
import Placeholder from '../../components/Placeholder.jsx';

/** /profile: my account; /profile/edit: the edit form (lands with the profile work). */
export default function ProfilePage() {
  const user = useSelector((s) => s.user.item);
  if (!user) return <Loading />;
  return (
    <div className="page">
      <div className="profile-card">
        <Avatar name={user.name} src={user.avatar} size={72} />
        <div>
          <h1 className="page__title">{user.name}</h1>
          <div className="muted">{user.username}</div>
        </div>
      </div>
      <nav className="tabs">
        <NavLink end to="/profile" className={({ isActive }) => (isActive ? 'tabs__tab tabs__tab--on' : 'tabs__tab')}>My Account</NavLink>
        <NavLink to="/profile/edit" className={({ isActive }) => (isActive ? 'tabs__tab tabs__tab--on' : 'tabs__tab')}>Edit Profile</NavLink>
      </nav>
      <div className="tabs__panel">
        <Routes>
          <Route index element={(
            <dl className="deflist">
              <dt>Name</dt><dd>{user.name}</dd>
              <dt>Username</dt><dd>{user.username}</dd>
              <dt>Email</dt><dd>{user.email}</dd>
              <dt>Organisation</dt><dd>{user.organisation || <span className="muted">n/a</span>}</dd>
              <dt>Role</dt><dd>{user.isSuperuser ? 'Superuser' : 'User'}</dd>
            </dl>
          )} />
          <Route path="edit" element={<Placeholder title="Profile editing">Change your name, organisation and avatar.</Placeholder>} />
        </Routes>
      </div>
    </div>
  );
}
