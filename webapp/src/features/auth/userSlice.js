/** The signed-in user's profile (GET /api/profile/currentuser); app/store.js forgets it at sign-out. */
import { loadableSlice, loadThunk } from '../../lib/loadable.js';
import { getCurrentUser } from './api.js';

export const fetchCurrentUser = loadThunk('user/fetch', getCurrentUser);

export default loadableSlice({ name: 'user', thunk: fetchCurrentUser, field: 'item', empty: null }).reducer;
