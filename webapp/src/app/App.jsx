import { lazy, Suspense, useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { checkAuthState } from '../features/auth/authSlice.js';
import SignedOutRoutes from './SignedOutRoutes.jsx';
import Loading from '../components/Loading.jsx';
import { getBrand } from '../lib/config.js';
import { loadGroup, t } from '../lib/i18n.js';

// Everything behind sign-in is a separate chunk, its catalogs too: the login route loads only what it needs.
const SignedInApp = lazy(() => Promise.all([import('./SignedInApp.jsx'), loadGroup('app')]).then(([m]) => m));

export default function App() {
  const dispatch = useDispatch();
  const { checked, isAuthenticated } = useSelector((s) => s.auth);
  const brand = getBrand();

  useEffect(() => {
    document.title = brand.title;
    document.documentElement.dataset.brand = brand.key;
    dispatch(checkAuthState());
  }, [dispatch, brand]);

  if (!checked) return <Loading />;
  return (
    <>
      {/* The first stop of the keyboard: past the top bar and menus to the page's one main landmark. */}
      <a className="skip-link" href="#main">{t('common.skipToContent')}</a>
      {isAuthenticated ? (
        <Suspense fallback={<Loading />}>
          <SignedInApp />
        </Suspense>
      ) : <SignedOutRoutes />}
    </>
  );
}
