import { useState } from 'react';
import DynamicForm from '../../components/DynamicForm.jsx';
import { PREFERENCES_URL } from './api.js';

/** The profile's e-mail settings: per kind, immediately, in a daily digest, or never (the app shows all anyway). */
export default function EmailPreferences() {
  const [saved, setSaved] = useState(false);
  return (
    <section className="pf__card" aria-labelledby="pf-mail" data-testid="mail-preferences">
      <h2 id="pf-mail" className="pf__title">E-mail notifications</h2>
      <p className="muted">Every notification shows under the bell. Choose which of them also reach you by e-mail.</p>
      <DynamicForm url={PREFERENCES_URL} submitLabel="Save e-mail settings" testId="mail-preferences-form"
        onSuccess={() => setSaved(true)} onDirty={(dirty) => { if (dirty) setSaved(false); }} />
      {saved && <p className="form__message--info" role="status" data-testid="mail-preferences-saved">Your e-mail settings are saved.</p>}
    </section>
  );
}
