import { lazy, Suspense, useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { Navigate, Route, Routes, useNavigate } from 'react-router-dom';
import Loading from '../components/Loading.jsx';
import { NotFound999 } from '../components/NotFound.jsx';
import { logout } from '../features/auth/authSlice.js';
import { fetchCurrentUser } from '../features/auth/userSlice.js';
import { fetchEntryModules } from '../features/portals/portalsSlice.js';
import AppLayout from './AppLayout.jsx';
import HomePage from '../features/portals/HomePage.jsx';

const PortalArea = lazy(() => import('../features/portals/PortalArea.jsx'));
const V2Routes = lazy(() => import('../features/portals/V2Routes.jsx'));
const ProfilePage = lazy(() => import('../features/profile/ProfilePage.jsx'));
const ArticleViewerRoute = lazy(() => import('../features/knowledge/ArticleViewerRoute.jsx'));
const SignedInInvitation = lazy(() => import('../features/auth/InvitationPage.jsx').then((m) => ({ default: m.SignedInInvitation })));

/** /logout: revoke and clear the session, then go to /. */
function Logout() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  useEffect(() => {
    dispatch(logout()).finally(() => navigate('/', { replace: true }));
  }, [dispatch, navigate]);
  return <Loading />;
}

export default function SignedInApp() {
  const dispatch = useDispatch();
  useEffect(() => {
    dispatch(fetchCurrentUser());
    dispatch(fetchEntryModules());
  }, [dispatch]);

  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route path="/logout" element={<Logout />} />
        <Route path="/login" element={<Navigate to="/" replace />} />
        <Route path="/portal/*" element={<PortalArea base="portal" />} />
        <Route path="/peb/*" element={<PortalArea base="peb" />} />
        <Route path="/calibr/*" element={<PortalArea base="calibr" />} />
        <Route element={<AppLayout />}>
          <Route index element={<HomePage />} />
          <Route path="/portal4r" element={<HomePage />} />
          <Route path="/profile/*" element={<ProfilePage />} />
          <Route path="/article/:moduleId/:articleId" element={<ArticleViewerRoute />} />
          <Route path="/invitation/*" element={<SignedInInvitation />} />
          <Route path="/v2/*" element={<V2Routes />} />
          <Route path="*" element={<NotFound999 />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
