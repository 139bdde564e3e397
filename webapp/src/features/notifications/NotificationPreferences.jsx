import { useState } from 'react';
import DynamicForm from '../../components/DynamicForm.jsx';
import { t } from '../../lib/i18n.js';
import { PREFERENCES_URL } from './api.js';
import './notifications.css';

/**
 * The profile's notification settings, a form the server describes: per kind, in the app and by e-mail (at once or
 * in the daily digest), in the app only, or not at all. Files, locks and unlocks are off until chosen.
 */
export default function NotificationPreferences() {
  const [saved, setSaved] = useState(false);
  return (
    <section className="pf__card notes-prefs" aria-labelledby="pf-notes" data-testid="notification-preferences">
      <h2 id="pf-notes" className="pf__title">{t('notifications.title')}</h2>
      <p className="muted">{t('notifications.preferencesIntro')}</p>
      <DynamicForm url={PREFERENCES_URL} submitLabel={t('notifications.saveSettings')} testId="notification-preferences-form"
        onSuccess={() => setSaved(true)} onDirty={(dirty) => { if (dirty) setSaved(false); }} />
      {saved && <p className="form__message--info" role="status" data-testid="notification-preferences-saved">{t('notifications.settingsSaved')}</p>}
    </section>
  );
}
