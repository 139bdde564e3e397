/** Auth state (spec §3, §4): isAuthenticated, token, expiry, error, redirect path. */
import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { errorMessage } from '../../lib/errors.js';
import { finishSingleSignOn, forgetReads, linkSingleSignOn, revokeToken, signIn, signInWithCode } from './api.js';
import { clearSession, readSession, writeSession } from '../../lib/session.js';
import { t } from '../../lib/i18n.js';

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

/** A sign-in answer with a token starts the session; one asking for a second factor keeps its challenge. */
function started(dispatch, answer) {
  if (answer.mfaRequired) return { mfa: { token: answer.mfaToken, enrol: !!answer.mfaEnrolRequired } };
  if (answer.linkRequired) return { link: { token: answer.linkToken, email: answer.email } };
  const { token, expiresIn } = answer;
  const expiry = new Date(Date.now() + Number(expiresIn) * 1000);
  writeSession(token, expiry);
  scheduleLogout(dispatch, Number(expiresIn) * 1000);
  return { token, expiry: expiry.toISOString(), recoveryCodes: answer.recoveryCodes || null };
}

function signInThunk(name, call) {
  return createAsyncThunk(name, async (arg, { dispatch, rejectWithValue }) => {
    try {
      return started(dispatch, await call(arg));
    } catch (err) {
      return rejectWithValue(errorMessage(err, t('auth.signInFailed')));
    }
  });
}

export const login = signInThunk('auth/login', ({ username, password }) => signIn(username.trim(), password.trim()));
/** The second step: the code of the authenticator (or a recovery code) for the challenge of the first. */
export const loginWithCode = signInThunk('auth/loginWithCode', ({ mfaToken, code }) => signInWithCode(mfaToken, code.trim()));
/** Back from the identity provider: its code and state. */
export const loginWithSso = signInThunk('auth/loginWithSso', ({ code, state }) => finishSingleSignOn(code, state));

/** Single sign-on named an existing password account: its password, once, links the two. */
export const loginWithLink = signInThunk('auth/loginWithLink', ({ linkToken, password }) => linkSingleSignOn(linkToken, password));

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
  mfa: null, // {token, enrol}: the password was right, a code is asked next
  link: null, // {token, email}: single sign-on named an existing account, whose password is asked once
  recoveryCodes: null, // shown once after an enrolment made while signing in
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
    cancelMfa(state) {
      state.mfa = null;
      state.link = null;
      state.error = null;
    },
    recoveryCodesSeen(state) {
      state.recoveryCodes = null;
    },
    setRedirect(state, action) {
      state.redirect = action.payload;
    },
  },
  extraReducers: (b) => {
    [login, loginWithCode, loginWithSso, loginWithLink].forEach((thunk) => b
      .addCase(thunk.pending, (state) => {
        state.loading = true;
        state.error = null;
      })
      .addCase(thunk.fulfilled, (state, action) => {
        state.loading = false;
        state.error = null;
        state.link = action.payload.link || null;
        if (action.payload.mfa || action.payload.link) {
          state.mfa = action.payload.mfa || null;
          return;
        }
        state.mfa = null;
        state.checked = true;
        state.isAuthenticated = true;
        state.token = action.payload.token;
        state.expiry = action.payload.expiry;
        state.recoveryCodes = action.payload.recoveryCodes;
      })
      .addCase(thunk.rejected, (state, action) => {
        state.loading = false;
        state.isAuthenticated = false;
        state.error = action.payload || t('auth.signInFailed');
      }));
    b.addCase(logout.fulfilled, (state) => {
      Object.assign(state, initialState, { checked: true });
    });
  },
});

export const { restored, loggedOut, clearError, setRedirect, cancelMfa, recoveryCodesSeen } = authSlice.actions;
export default authSlice.reducer;
