import { lazy, Suspense, useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { checkAuthState } from '../features/auth/authSlice.js';
import SignedOutRoutes from './SignedOutRoutes.jsx';
import Loading from '../components/Loading.jsx';
import { getBrand } from '../lib/config.js';

// Everything behind sign-in is a separate chunk: the login route loads only what it needs.
const SignedInApp = lazy(() => import('./SignedInApp.jsx'));

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
      <a className="skip-link" href="#main">Skip to content</a>
      {isAuthenticated ? (
        <Suspense fallback={<Loading />}>
          <SignedInApp />
        </Suspense>
      ) : <SignedOutRoutes />}
    </>
  );
}
