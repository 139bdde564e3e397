import { useState } from 'react';
import { t } from '../../lib/i18n.js';
import LogTimeDialog from './LogTimeDialog.jsx';
import StartTimerButton from './StartTimerButton.jsx';
import './time.css';

/** 'Log time' (opens the add form); shown only with the module's `add_time` link. */
export function LogTimeButton({ module, onLogged, className = 'btn btn--small', testId = 'log-time' }) {
  const [open, setOpen] = useState(false);
  const link = module.links && module.links.add_time;
  if (!link) return null;
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)} data-testid={testId}>{t('time.logTime')}</button>
      {open && <LogTimeDialog link={link} moduleName={module.name} onClose={() => setOpen(false)} onLogged={onLogged} />}
    </>
  );
}

/**
 * The module header's time buttons (composed by app/module/ModuleView): 'Log time' and 'Start timer', both only
 * where the module's `add_time` link allows logging time. `onLogged(entry)` follows a saved entry (the page reads
 * the module again: its spent time).
 */
export default function TimeActions({ module, onLogged }) {
  if (!(module.links && module.links.add_time)) return null;
  return (
    <div className="time-actions" data-testid="time-actions">
      <LogTimeButton module={module} onLogged={onLogged} />
      <StartTimerButton module={module} />
    </div>
  );
}
