/** Entry modules (the portals a user can reach): requested, success or failure, reset (spec §4 Lists). */
import { loadableSlice, loadThunk } from '../../lib/loadable.js';
import { listEntryModules } from './api.js';

export const fetchEntryModules = loadThunk('portals/fetch', listEntryModules);

const portalsSlice = loadableSlice({ name: 'portals', thunk: fetchEntryModules, field: 'list', empty: [] });

export const { reset } = portalsSlice.actions;
export default portalsSlice.reducer;
