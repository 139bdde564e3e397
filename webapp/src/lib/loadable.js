/** One read the store keeps (the signed-in user, their portals): requested, success or failure (spec §4). */
import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { errorMessage } from './errors.js';

/** A thunk running `call()`; a failure is rejected with the message for a person. */
export function loadThunk(type, call) {
  return createAsyncThunk(type, async (_, { rejectWithValue }) => {
    try {
      return await call();
    } catch (err) {
      return rejectWithValue(errorMessage(err));
    }
  });
}

/** A slice {status: idle|loading|succeeded|failed, [field]: the answer (`empty` before), error} following `thunk`. */
export function loadableSlice({ name, thunk, field, empty }) {
  const initialState = { status: 'idle', [field]: empty, error: null };
  return createSlice({
    name,
    initialState,
    reducers: { reset: () => initialState },
    extraReducers: (b) => {
      b.addCase(thunk.pending, (s) => {
        s.status = 'loading';
      })
        .addCase(thunk.fulfilled, (s, a) => {
          s.status = 'succeeded';
          s[field] = a.payload;
          s.error = null;
        })
        .addCase(thunk.rejected, (s, a) => {
          s.status = 'failed';
          s.error = a.payload;
        });
    },
  });
}
