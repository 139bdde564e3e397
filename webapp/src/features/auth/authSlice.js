/** Auth state (spec §3, §4): isAuthenticated, token, expiry, error, redirect path. */
import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { errorMessage } from '../../lib/errors.js';
import { forgetReads, revokeToken, signIn } from './api.js';
import { clearSession, readSession, writeSession } from '../../lib/session.js';

const MAX_TIMEOUT = 2 ** 31 - 1;
let logoutTimer = null;

function clearTimer() {
  if (logoutTimer) clearTimeout(logoutTimer);
  logoutTimer = null;
}

/** Schedule the automatic logout `ms` from now. */
function scheduleLogout(dispatch, ms) {
  clearTimer();
  logoutTimer = setTimeout(() => {
    logoutTimer = null;
    dispatch(sessionExpired());
  }, Math.max(0, Math.min(ms, MAX_TIMEOUT)));
}

export const login = createAsyncThunk('auth/login', async ({ username, password }, { dispatch, rejectWithValue }) => {
  try {
    const { token, expiresIn } = await signIn(username.trim(), password.trim());
    const expiry = new Date(Date.now() + Number(expiresIn) * 1000);
    writeSession(token, expiry);
    scheduleLogout(dispatch, Number(expiresIn) * 1000);
    return { token, expiry: expiry.toISOString() };
  } catch (err) {
    return rejectWithValue(errorMessage(err, 'Sign-in failed'));
  }
});

/** /logout: revoke the token on the server (best effort), clear the session. */
export const logout = createAsyncThunk('auth/logout', async () => {
  const { token } = readSession();
  clearTimer();
  if (token) {
    try {
      await revokeToken();
    } catch {
      /* the token may already be expired or revoked */
    }
  }
  clearSession();
  forgetReads();
});

/** Session start: read the stored token and expiry (spec §4). */
export const checkAuthState = () => (dispatch) => {
  const { token, expiry } = readSession();
  if (!token || !expiry) {
    clearSession();
    dispatch(loggedOut());
    return;
  }
  const remaining = expiry.getTime() - Date.now();
  if (remaining <= 0) {
    clearTimer();
    clearSession();
    dispatch(loggedOut());
    return;
  }
  dispatch(restored({ token, expiry: expiry.toISOString() }));
  scheduleLogout(dispatch, remaining);
};

/** The timer ran out (or the server said 401): the token is dead, no need to revoke it. */
export const sessionExpired = () => (dispatch) => {
  clearTimer();
  clearSession();
  forgetReads();
  dispatch(loggedOut());
};

const initialState = {
  checked: false,
  isAuthenticated: false,
  token: null,
  expiry: null,
  error: null,
  loading: false,
  redirect: '/login',
};

const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    restored(state, action) {
      state.checked = true;
      state.isAuthenticated = true;
      state.token = action.payload.token;
      state.expiry = action.payload.expiry;
      state.error = null;
    },
    loggedOut(state) {
      state.checked = true;
      state.isAuthenticated = false;
      state.token = null;
      state.expiry = null;
      state.loading = false;
    },
    clearError(state) {
      state.error = null;
    },
    setRedirect(state, action) {
      state.redirect = action.payload;
    },
  },
  extraReducers: (b) => {
    b.addCase(login.pending, (state) => {
      state.loading = true;
      state.error = null;
    })
      .addCase(login.fulfilled, (state, action) => {
        state.loading = false;
        state.checked = true;
        state.isAuthenticated = true;
        state.token = action.payload.token;
        state.expiry = action.payload.expiry;
        state.error = null;
      })
      .addCase(login.rejected, (state, action) => {
        state.loading = false;
        state.isAuthenticated = false;
        state.error = action.payload || 'Sign-in failed';
      })
      .addCase(logout.fulfilled, (state) => {
        Object.assign(state, initialState, { checked: true });
      });
  },
});

export const { restored, loggedOut, clearError, setRedirect } = authSlice.actions;
export default authSlice.reducer;
