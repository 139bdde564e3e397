/**
 * /profile (spec §2 Profile): my account, the avatar upload with a preview, and the edit form described
 * by the server (GET /api/profile/edit, PUT JSON; a 400 lists its errors). /profile/edit is the same page
 * with the form focused; the calendar feeds follow when the user's answer offers them. `onSaved` follows a saved profile or avatar (the app reloads the signed-in user); `extra`
 * is shown below (the app puts the account's security and notification settings there).
 */
import { Suspense } from 'react';
import { useSelector } from 'react-redux';
import { useMatch } from 'react-router-dom';
import Avatar from '../../components/Avatar.jsx';
import Loading from '../../components/Loading.jsx';
import AvatarUpload from './AvatarUpload.jsx';
import CalendarFeeds from './CalendarFeeds.jsx';
import ProfileForm from './ProfileForm.jsx';
import { t } from '../../lib/i18n.js';
import './profile.css';

export default function ProfilePage({ onSaved, extra = null }) {
  const user = useSelector((s) => s.user.item);
  const editing = !!useMatch('/profile/edit');
  if (!user) return <Loading />;
  return (
    <div className="page pf" data-testid="profile-page">
      <div className="profile-card">
        <Avatar name={user.name} src={user.avatar} size={72} />
        <div>
          <h1 className="page__title" data-testid="profile-name">{user.name}</h1>
          <div className="muted">{user.username}</div>
        </div>
      </div>
      <div className="pf__grid">
        <section className="pf__card" aria-labelledby="pf-account">
          <h2 id="pf-account" className="pf__title">{t('profile.myAccount')}</h2>
          <dl className="deflist">
            <dt>{t('common.name')}</dt><dd>{user.name}</dd>
            <dt>{t('auth.username')}</dt><dd>{user.username}</dd>
            <dt>{t('auth.email')}</dt><dd>{user.email}</dd>
            <dt>{t('profile.organisation')}</dt><dd>{user.organisation || <span className="muted">{t('profile.notAvailable')}</span>}</dd>
            {user.position && <><dt>{t('profile.position')}</dt><dd>{user.position}</dd></>}
            {user.country && <><dt>{t('profile.country')}</dt><dd>{user.country}</dd></>}
            <dt>{t('profile.role')}</dt><dd>{user.isSuperuser ? t('profile.superuser') : t('profile.user')}</dd>
          </dl>
          <AvatarUpload user={user} onSaved={onSaved} />
        </section>
        <section className="pf__card" aria-labelledby="pf-edit">
          <h2 id="pf-edit" className="pf__title">{t('profile.editProfile')}</h2>
          <ProfileForm focus={editing} onSaved={onSaved} />
        </section>
        {/* shown only when the server offers feeds to this user */}
        <CalendarFeeds link={user.links && user.links.calendar_feeds} />
        {extra && <Suspense fallback={null}>{extra}</Suspense>}
      </div>
    </div>
  );
}
