import { useState } from 'react';
import { errorMessage } from '../../lib/errors.js';
import { t } from '../../lib/i18n.js';
import { toast } from '../../lib/toast.js';
import { startTimer, timeChanged } from './api.js';
import { setRunningTimer, useRunningTimer } from './timerStore.js';

/**
 * 'Start timer' on a module page, where the module offers its `start_timer` link (the reader may log time there): POST
 * start, and the top bar shows the running timer at once (the store). A timer already running on this module
 * leaves the button off ('Timer running'); one running elsewhere is stopped and logged by the server first (its
 * tooltip says so, and the Time tab reads its list again).
 */
export default function StartTimerButton({ module }) {
  const timer = useRunningTimer();
  const [busy, setBusy] = useState(false);
  const links = module.links || {};
  if (!links.start_timer) return null;
  const here = !!timer && String(timer.moduleId) === String(module.id);
  const elsewhere = !!timer && !here;
  const start = async () => {
    setBusy(true);
    try {
      const item = await startTimer(module);
      setRunningTimer(item);
      if (elsewhere) timeChanged();
      toast(t('time.timerStarted', { name: module.name }));
    } catch (err) {
      toast(errorMessage(err), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn btn--small" onClick={start} disabled={busy || here} data-testid="start-timer"
      title={elsewhere ? t('time.startStopsOther', { name: timer.moduleName }) : undefined}>
      <span aria-hidden="true" className="time-actions__icon">▶</span>
      {here ? t('time.timerRunning') : t('time.startTimer')}
    </button>
  );
}
