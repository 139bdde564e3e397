/** The portals' calls (spec §7 Membership, Module): the portals a user can reach and the tasks below a portal. */
import { getList } from '../../lib/apiClient.js';
import { getPage } from '../../lib/paging.js';

/** GET /api/membership/list-entry-modules: the portals (entry modules) of the signed-in user. */
export const listEntryModules = () => getList('/api/membership/list-entry-modules');

/** One page of the tasks below a portal (status, owner, from/to filters; sort; q). */
export const listTasks = (portalId, query) => getPage(`/api/module/detailed-list-by-type/4rineu_task/${portalId}`, query);
