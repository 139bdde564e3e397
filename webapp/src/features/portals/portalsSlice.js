/** Entry modules (the portals a user can reach): requested, success or failure, reset (spec §4 Lists). */
import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { errorMessage, getList } from '../../lib/apiClient.js';
import { loggedOut, logout } from '../auth/authSlice.js';

export const fetchEntryModules = createAsyncThunk('portals/fetch', async (_, { rejectWithValue }) => {
  try {
    return await getList('/api/membership/list-entry-modules');
  } catch (err) {
    return rejectWithValue(errorMessage(err));
  }
});

const initialState = { status: 'idle', list: [], error: null };

const portalsSlice = createSlice({
  name: 'portals',
  initialState,
  reducers: {
    reset: () => initialState,
  },
  extraReducers: (b) => {
    b.addCase(fetchEntryModules.pending, (s) => {
      s.status = 'loading';
    })
      .addCase(fetchEntryModules.fulfilled, (s, a) => {
        s.status = 'succeeded';
        s.list = a.payload;
        s.error = null;
      })
      .addCase(fetchEntryModules.rejected, (s, a) => {
        s.status = 'failed';
        s.error = a.payload;
      })
      .addCase(loggedOut, () => initialState)
      .addCase(logout.fulfilled, () => initialState);
  },
});

export const { reset } = portalsSlice.actions;
export default portalsSlice.reducer;
