/**
 * The language kept on the account (issue 43, point 5): it applies on every device the person signs in on, and a
 * language picked on this browser's login page just before signing in is kept on the account.
 */
import { CODES, getLanguage, setLanguage, PSEUDO, takePickedSignedOut } from './i18n.js';
import { saveField } from './inPlace.js';

const PROFILE_FORM = '/api/profile/edit';

/** Keep `code` as the account's language (through the profile's own form). */
export function saveAccountLanguage(code) {
  return saveField(PROFILE_FORM, 'language', code);
}

/** After sign-in (`user`: the current user): a choice made just before goes to the account, else the account's applies. */
export async function reconcileLanguage(user) {
  const picked = takePickedSignedOut();
  if (picked && CODES.includes(picked)) {
    if (!user || user.language !== picked) await saveAccountLanguage(picked).catch(() => {});
    return;
  }
  const account = user && CODES.includes(user.language) ? user.language : null;
  if (account && account !== getLanguage() && getLanguage() !== PSEUDO) await setLanguage(account, { remember: true });
}
