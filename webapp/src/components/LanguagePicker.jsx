import { useId } from 'react';
import { getLanguage, LANGUAGES, setLanguage, t } from '../lib/i18n.js';

/**
 * The language picker (issue 43): each language named in itself. A pick is remembered by this browser and switches
 * the whole app; `onPicked(code)` follows (signed in, the profile keeps it on the account for every device).
 */
export default function LanguagePicker({ onPicked, className = '' }) {
  const id = useId();
  const change = async (e) => {
    const code = e.target.value;
    if (onPicked) await onPicked(code);
    await setLanguage(code, { remember: true });
  };
  return (
    <span className={`language-picker ${className}`}>
      <label htmlFor={id}>{t('common.language')}</label>
      <select id={id} value={getLanguage()} onChange={change} data-testid="language-picker">
        {LANGUAGES.map((l) => <option key={l.code} value={l.code} lang={l.code}>{l.name}</option>)}
        {getLanguage() === 'pseudo' && <option value="pseudo">Pseudo</option>}
      </select>
    </span>
  );
}
