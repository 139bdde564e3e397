import { useState } from 'react';
import DynamicForm from '../../components/DynamicForm.jsx';
import { t } from '../../lib/i18n.js';

/**
 * Portal settings → Planning (issue 42): the portal's holidays (with Saturdays and Sundays, the days automatic
 * scheduling skips) and whether dates show as project months too. A form the server describes, at the portal's
 * `planning_settings` link (its admins).
 */
export default function PlanningSettings({ portal }) {
  const [saved, setSaved] = useState(false);
  const link = portal.links && portal.links.planning_settings;
  if (!link) return null;
  return (
    <section className="planning-settings" aria-labelledby="planning-title" data-testid="planning-settings">
      <h2 id="planning-title" className="section-title">{t('planning.planning')}</h2>
      <p className="muted">{t('planning.settingsHelp')}</p>
      <DynamicForm url={link.url} submitLabel={t('planning.saveSettings')} testId="planning-settings-form"
        onSuccess={() => setSaved(true)} onDirty={(dirty) => { if (dirty) setSaved(false); }} />
      {saved && <p className="form__message--info" role="status" data-testid="planning-settings-saved">{t('planning.settingsSaved')}</p>}
    </section>
  );
}
