import { useState } from 'react';
import DynamicForm from '../../components/DynamicForm.jsx';
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
      <h2 id="pf-notes" className="pf__title">Notifications</h2>
      <p className="muted">
        Choose what reaches you under the bell and by e-mail. Several changes to one module within a few minutes
        arrive as one notification.
      </p>
      <DynamicForm url={PREFERENCES_URL} submitLabel="Save notification settings" testId="notification-preferences-form"
        onSuccess={() => setSaved(true)} onDirty={(dirty) => { if (dirty) setSaved(false); }} />
      {saved && <p className="form__message--info" role="status" data-testid="notification-preferences-saved">Your notification settings are saved.</p>}
    </section>
  );
}
