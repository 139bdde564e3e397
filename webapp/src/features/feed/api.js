/** The feed's call (spec §7 Feed): a module's activity, newest first, a page at a time. */
import api from '../../lib/apiClient.js';
import { withQuery } from '../../lib/paging.js';

/** The feed's url: the module's feed link, or its list by id. */
export const feedUrl = (moduleId, link) => link || `/api/feed/list/${moduleId}`;

/** A page of the feed at `url`: the entries older than `before` (all when null); meta.total counts them. */
export const listFeed = (url, perPage, before) => api.get(withQuery(url, { perPage, before })).then((r) => r.data);
