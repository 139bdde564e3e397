import { configureStore } from '@reduxjs/toolkit';
import authReducer, { sessionExpired } from '../features/auth/authSlice.js';
import userReducer from '../features/auth/userSlice.js';
import portalsReducer from '../features/portals/portalsSlice.js';
import { setUnauthorizedHandler } from '../lib/apiClient.js';

export function makeStore(preloadedState) {
  const store = configureStore({
    reducer: { auth: authReducer, user: userReducer, portals: portalsReducer },
    preloadedState,
  });
  setUnauthorizedHandler(() => {
    if (store.getState().auth.isAuthenticated) store.dispatch(sessionExpired());
  });
  return store;
}

export const store = makeStore();
