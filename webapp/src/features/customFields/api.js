/** The custom field calls (spec §7 Custom fields): the fields defined on a portal, and deleting one. */
import api from '../../lib/apiClient.js';

/** GET /api/custom-field/list/{portalId}: the fields with their options and value counts. */
export const listCustomFields = (portalId) => api.get(`/api/custom-field/list/${portalId}`).then((r) => r.data.list || []);

/** Delete a field (and its values) through its delete link. */
export const deleteCustomField = (field) => api.delete(field.links.delete.url);

/** Delete a custom value through its delete link. */
export const deleteFieldValue = (value) => api.delete(value.links.delete.url);
