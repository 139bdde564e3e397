import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import Loading from '../components/Loading.jsx';
import LoginPage from '../features/auth/LoginPage.jsx';
import PublicPage from '../features/public/PublicPage.jsx';
import { loadGroup } from '../lib/i18n.js';

/** A signed-out page that says the legal pages' texts: those catalogs load with it, not with the login page. */
const withPublicTexts = (load) => lazy(() => Promise.all([load(), loadGroup('public')]).then(([m]) => m));

const ForgotPasswordPage = lazy(() => import('../features/auth/ForgotPasswordPage.jsx'));
const ResetPasswordPage = lazy(() => import('../features/auth/ResetPasswordPage.jsx'));
const InvitationPage = lazy(() => import('../features/auth/InvitationPage.jsx'));
const DisclaimerPage = withPublicTexts(() => import('../features/public/DisclaimerPage.jsx'));
const AboutPage = withPublicTexts(() => import('../features/public/AboutPage.jsx'));
const UnsubscribePage = withPublicTexts(() => import('../features/notifications/UnsubscribePage.jsx'));
const SsoCallbackPage = lazy(() => import('../features/auth/SsoCallbackPage.jsx'));

/** Signed-out route set (spec §2): every path not listed goes to the login page. */
export default function SignedOutRoutes() {
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/invitation/*" element={<InvitationPage />} />
        <Route path="/disclaimer" element={<DisclaimerPage />} />
        <Route path="/about" element={<AboutPage />} />
        {/* opened from a mail, signed out: in the public pages' frame (its header, its main landmark) */}
        <Route path="/unsubscribe" element={<PublicPage><UnsubscribePage /></PublicPage>} />
        <Route path="/sso/callback" element={<SsoCallbackPage />} />
        <Route path="*" element={<LoginPage />} />
      </Routes>
    </Suspense>
  );
}
