/** The search feature's calls (GET /api/search, docs/architecture.md 'Search'). */
import api from '../../lib/apiClient.js';
import { getPage } from '../../lib/paging.js';

/** One page of hits: {list, meta: {page, perPage, total}, facets: {kind, portal, author}}. `query`: q, kind,
 * fileType, module, portal, author, from, to, page, perPage, sort (empty values are left out). */
export const searchItems = (query) => getPage('/api/search', query);

/** The module a search is limited to (its name for the results page). */
export const scopeModule = (moduleId) => api.get(`/api/module/view/${moduleId}`).then((r) => r.data.item);
