/** The relation calls (issue 42): a module's relations through its `relations` link, and removing one. */
import api from '../../lib/apiClient.js';

/** GET the module's relations (its `relations` link's url): both ways, only those whose other end one sees. */
export const listRelations = (url) => api.get(url).then((r) => r.data.list || []);

/** Remove a relation through its delete link. */
export const deleteRelation = (relation) => api.delete(relation.links.delete.url);
