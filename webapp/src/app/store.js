import { combineReducers, configureStore } from '@reduxjs/toolkit';
import authReducer, { loggedOut, logout, sessionExpired } from '../features/auth/authSlice.js';
import userReducer from '../features/auth/userSlice.js';
import portalsReducer from '../features/portals/portalsSlice.js';
import { onSessionLost } from '../lib/sessionEvents.js';

const slices = combineReducers({ auth: authReducer, user: userReducer, portals: portalsReducer });

/** Signing out (or the session running out) forgets the signed-in user and their portals. */
function rootReducer(state, action) {
  if (state && (action.type === loggedOut.type || action.type === logout.fulfilled.type)) {
    return slices({ auth: state.auth }, action);
  }
  return slices(state, action);
}

export function makeStore(preloadedState) {
  const store = configureStore({ reducer: rootReducer, preloadedState });
  onSessionLost(() => {
    if (store.getState().auth.isAuthenticated) store.dispatch(sessionExpired());
  });
  return store;
}

export const store = makeStore();
