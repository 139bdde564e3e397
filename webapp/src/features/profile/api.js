/** The profile calls (spec §7 Profile): the edit form, saving it, and the avatar. */
import api from '../../lib/apiClient.js';

/** GET /api/profile/edit: the profile form. */
export const getProfileForm = () => api.get('/api/profile/edit').then((r) => r.data);

/** PUT the profile's JSON body to the form's action: the server's answer (the form again, when it sends it). */
export const saveProfile = (action, body) => api.put(action || '/api/profile/edit', body).then((r) => r.data);

/** POST /api/avatar/edit with the image: the saved avatar ({avatar}). */
export function uploadAvatar(file) {
  const fd = new FormData();
  fd.append('avatar', file);
  return api.post('/api/avatar/edit', fd).then((r) => r.data && r.data.item);
}
