import { useState } from 'react';
import DynamicForm from '../../components/DynamicForm.jsx';
import { t } from '../../lib/i18n.js';

/**
 * Portal settings → Effort (issue 45): the activities time is logged under, the hours of a person-month and the
 * reporting periods of the portal's projects ('M1-M18', months counted from a project's start). A form the server
 * describes, at the portal's `effort_settings` link (its admins).
 */
export default function EffortSettings({ portal }) {
  const [saved, setSaved] = useState(false);
  const link = portal && portal.links && portal.links.effort_settings;
  if (!link) return null;
  return (
    <section className="effort-settings" aria-labelledby="effort-settings-title" data-testid="effort-settings">
      <h2 id="effort-settings-title" className="section-title">{t('effortReport.settingsTitle')}</h2>
      <p className="muted">{t('effortReport.settingsHelp')}</p>
      <DynamicForm url={link.url} submitLabel={t('effortReport.saveSettings')} testId="effort-settings-form"
        onSuccess={() => setSaved(true)} onDirty={(dirty) => { if (dirty) setSaved(false); }} />
      {saved && <p className="form__message--info" role="status" data-testid="effort-settings-saved">{t('effortReport.settingsSaved')}</p>}
    </section>
  );
}
