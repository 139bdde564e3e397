import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import Loading from '../../components/Loading.jsx';
import LoginPage from './LoginPage.jsx';

const ForgotPasswordPage = lazy(() => import('./ForgotPasswordPage.jsx'));
const ResetPasswordPage = lazy(() => import('./ResetPasswordPage.jsx'));
const InvitationPage = lazy(() => import('./InvitationPage.jsx'));
const DisclaimerPage = lazy(() => import('../public/DisclaimerPage.jsx'));
const AboutPage = lazy(() => import('../public/AboutPage.jsx'));

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
        <Route path="*" element={<LoginPage />} />
      </Routes>
    </Suspense>
  );
}
