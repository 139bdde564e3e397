/** The signed-in user's profile (GET /api/profile/currentuser). */
import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { errorMessage, getItem } from '../../lib/apiClient.js';
import { loggedOut, logout } from './authSlice.js';

export const fetchCurrentUser = createAsyncThunk('user/fetch', async (_, { rejectWithValue }) => {
  try {
    return await getItem('/api/profile/currentuser');
  } catch (err) {
    return rejectWithValue(errorMessage(err));
  }
});

const initialState = { status: 'idle', item: null, error: null };

const userSlice = createSlice({
  name: 'user',
  initialState,
  reducers: {},
  extraReducers: (b) => {
    b.addCase(fetchCurrentUser.pending, (s) => {
      s.status = 'loading';
    })
      .addCase(fetchCurrentUser.fulfilled, (s, a) => {
        s.status = 'succeeded';
        s.item = a.payload;
        s.error = null;
      })
      .addCase(fetchCurrentUser.rejected, (s, a) => {
        s.status = 'failed';
        s.error = a.payload;
      })
      .addCase(loggedOut, () => initialState)
      .addCase(logout.fulfilled, () => initialState);
  },
});

export default userSlice.reducer;
