import { lazy, Suspense, useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { Navigate, Route, Routes, useNavigate } from 'react-router-dom';
import Loading from '../components/Loading.jsx';
import Toaster from '../components/Toaster.jsx';
import { NotFound999 } from '../components/NotFound.jsx';
import { logout } from '../features/auth/authSlice.js';
import { fetchCurrentUser } from '../features/auth/userSlice.js';
import HomePage from '../features/portals/HomePage.jsx';
import { fetchEntryModules } from '../features/portals/portalsSlice.js';
import { reconcileLanguage } from '../lib/accountLanguage.js';
import { CODES, getLanguage, setLanguage } from '../lib/i18n.js';
import AppLayout from './AppLayout.jsx';
import Shortcuts from './Shortcuts.jsx';

const PortalArea = lazy(() => import('./portal/PortalArea.jsx'));
const V2Routes = lazy(() => import('./portal/V2Routes.jsx'));
const ProfilePage = lazy(() => import('../features/profile/ProfilePage.jsx'));
const ArticleViewerRoute = lazy(() => import('../features/knowledge/ArticleViewerRoute.jsx'));
const SignedInInvitation = lazy(() => import('../features/auth/SignedInInvitation.jsx'));
const SearchPage = lazy(() => import('../features/search/SearchPage.jsx'));
const NotificationsPage = lazy(() => import('../features/notifications/NotificationsPage.jsx'));
const UnsubscribePage = lazy(() => import('../features/notifications/UnsubscribePage.jsx'));
const NotificationPreferences = lazy(() => import('../features/notifications/NotificationPreferences.jsx'));
const RecoveryCodesNotice = lazy(() => import('../features/auth/RecoveryCodesNotice.jsx'));
const AccountSecurity = lazy(() => import('../features/profile/AccountSecurity.jsx'));
const MyWorkRoute = lazy(() => import('./MyWorkRoute.jsx'));

/** /logout: revoke and clear the session, then go to /. */
function Logout() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  useEffect(() => {
    dispatch(logout()).finally(() => navigate('/', { replace: true }));
  }, [dispatch, navigate]);
  return <Loading />;
}

/** A saved profile whose language changed: the app switches to it (the account keeps it for every device). */
function followLanguage(user) {
  if (user && CODES.includes(user.language) && user.language !== getLanguage()) setLanguage(user.language, { remember: true });
}

/** /profile: a saved profile or avatar reloads the signed-in user (the top bar's name and avatar, the language);
 *  the notification settings (in the app and by e-mail) sit below. */
function Profile() {
  const dispatch = useDispatch();
  return (
    <ProfilePage onSaved={() => dispatch(fetchCurrentUser()).unwrap().then(followLanguage, () => {})}
      extra={<><AccountSecurity /><NotificationPreferences /></>} />
  );
}

export default function SignedInApp() {
  const dispatch = useDispatch();
  useEffect(() => {
    // The account's language applies here; one picked on the login page just before goes to the account.
    dispatch(fetchCurrentUser()).unwrap().then(reconcileLanguage, () => {});
    dispatch(fetchEntryModules());
  }, [dispatch]);

  return (
    <Suspense fallback={<Loading />}>
      <Shortcuts />
      <Toaster />
      <RecoveryCodesNotice />
      <Routes>
        <Route path="/logout" element={<Logout />} />
        <Route path="/login" element={<Navigate to="/" replace />} />
        <Route path="/sso/callback" element={<Navigate to="/" replace />} />
        <Route path="/portal/*" element={<PortalArea base="portal" />} />
        <Route path="/peb/*" element={<PortalArea base="peb" />} />
        <Route path="/calibr/*" element={<PortalArea base="calibr" />} />
        <Route path="/v2/*" element={<V2Routes />} />
        <Route element={<AppLayout />}>
          <Route index element={<HomePage />} />
          <Route path="/portal4r" element={<HomePage />} />
          <Route path="/my-work" element={<MyWorkRoute />} />
          <Route path="/profile/*" element={<Profile />} />
          <Route path="/article/:moduleId/:articleId" element={<ArticleViewerRoute />} />
          <Route path="/search" element={<SearchPage />} />
          <Route path="/invitation/*" element={<SignedInInvitation />} />
          <Route path="/notifications" element={<NotificationsPage />} />
          <Route path="/unsubscribe" element={<UnsubscribePage />} />
          <Route path="*" element={<NotFound999 />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
