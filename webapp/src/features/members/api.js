/** The membership calls (spec §7 Membership): the paged members of a module, a member's edit form, removal. */
import api from '../../lib/apiClient.js';
import { getPage } from '../../lib/paging.js';
import { fetchForm } from '../../lib/serverForm.js';

/** One page of the members of a module (direct memberships first, then inherited ones). */
export const listMembers = (moduleId, query) => getPage(`/api/membership/list/${moduleId}`, query);

/** The member edit form from a membership's edit link: the role keeps its name, presets set the rights (issue 40,
 *  a departure from spec §6's 'always User'). */
export const getMemberEditForm = (url) => fetchForm(url);

/** Remove a membership through its delete link. */
export const deleteMember = (member) => api.delete(member.links.delete.url);

/** The module's invitations not accepted yet (whoever may invite sees them). */
export const listInvitations = (moduleId) => api.get(`/api/invitation/list/${moduleId}`).then((r) => r.data.list || []);

/** Send an invitation again (a new link) through its resend link. */
export const resendInvitation = (inv) => api.post(inv.links.resend.url).then((r) => r.data.item);

/** Withdraw an invitation through its revoke link. */
export const revokeInvitation = (inv) => api.delete(inv.links.revoke.url);
