import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router-dom';
import ConfirmDialog from '../../components/ConfirmDialog.jsx';
import useClickOutside from '../../hooks/useClickOutside.js';
import useConfirmAction from '../../hooks/useConfirmAction.js';
import { formatApiDateTime } from '../../lib/dates.js';
import { errorMessage } from '../../lib/errors.js';
import { portalHref } from '../../lib/format.js';
import { t } from '../../lib/i18n.js';
import { toast } from '../../lib/toast.js';
import { discardTimer, getTimer, stopTimer, timeChanged } from './api.js';
import { elapsedSeconds, formatElapsed } from './duration.js';
import { loggedText } from './LogTimeDialog.jsx';
import { onTimerChanged, setRunningTimer, useRunningTimer } from './timerStore.js';
import './time.css';

/** The page of the timer's module, when the timer says its portal; else null (the name shows as text). */
export function timerHref(timer) {
  if (!timer || !timer.portalId) return null;
  return `${portalHref({ id: timer.portalId, platform: timer.platform })}/module/${timer.moduleId}`;
}

/** The time now, again every `ms` while mounted (the running timer's tick). */
function useNow(ms = 1000) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(id);
  }, [ms]);
  return now;
}

function ClockIcon() {
  return (
    <svg className="timer__icon" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2"
      strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <circle cx="12" cy="13" r="8" /><path d="M12 9v4l2.5 2.5M9.5 2.5h5" />
    </svg>
  );
}

/** 'h:mm:ss', ticking without being read out (no live region); a phone's chip leaves the seconds out (CSS). */
function Elapsed({ text }) {
  const cut = text.length - 3;
  return (
    <span className="timer__elapsed" aria-live="off" data-testid="timer-elapsed">
      {text.slice(0, cut)}<span className="timer__secs">{text.slice(cut)}</span>
    </span>
  );
}

/** The timer's panel: its module (a link to its page), when it started, its note, Stop and Discard. */
function TimerPanel({ id, timer, busy, onStop, onDiscard, onClose }) {
  const href = timerHref(timer);
  return (
    <div className="timer__panel" id={id} role="dialog" aria-label={t('time.runningTimer')} data-testid="timer-panel">
      <div className="timer__module">
        {href ? <Link to={href} onClick={onClose} data-testid="timer-module">{timer.moduleName}</Link>
          : <strong data-testid="timer-module">{timer.moduleName}</strong>}
      </div>
      <div className="muted timer__started">{t('time.startedAt', { when: formatApiDateTime(timer.started) })}</div>
      {timer.note && <p className="timer__note">{timer.note}</p>}
      <div className="timer__buttons">
        {timer.links && timer.links.discard && (
          <button type="button" className="btn btn--small btn--danger-outline" onClick={onDiscard} disabled={busy}
            data-testid="timer-discard">{t('common.discard')}</button>
        )}
        {timer.links && timer.links.stop && (
          <button type="button" className="btn btn--small btn--primary" onClick={onStop} disabled={busy}
            data-testid="timer-stop">{t('time.stopAndLog')}</button>
        )}
      </div>
    </div>
  );
}

/** A running timer in the top bar: a chip (clock, elapsed h:mm:ss, the module's name where there is room) opening its panel. */
function RunningTimer({ timer }) {
  const now = useNow();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const ref = useRef(null);
  const id = `timer-${useId().replace(/:/g, '')}`;
  const close = useCallback(() => setOpen(false), []);
  useClickOutside(ref, open, close);
  const discard = useConfirmAction(async () => {
    await discardTimer(timer);
    setRunningTimer(null);
    toast(t('time.timerDiscarded'));
  });
  const stop = async () => {
    setBusy(true);
    try {
      const entry = await stopTimer(timer);
      setRunningTimer(null);
      timeChanged(entry);
      toast(loggedText(entry, timer.moduleName) || t('time.timerStopped'));
    } catch (err) {
      toast(errorMessage(err), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="timer" ref={ref} data-testid="timer">
      <button type="button" className="timer__chip" aria-haspopup="dialog" aria-expanded={open} aria-controls={open ? id : undefined}
        onClick={() => setOpen(!open)} data-testid="timer-chip">
        <ClockIcon />
        <span className="sr-only">{t('time.timerRunningOn', { name: timer.moduleName })}</span>{' '}
        <Elapsed text={formatElapsed(elapsedSeconds(timer.started, now))} />
        <span className="timer__name" aria-hidden="true">{timer.moduleName}</span>
      </button>
      {open && <TimerPanel id={id} timer={timer} busy={busy} onStop={stop} onDiscard={() => { close(); discard.ask(); }} onClose={close} />}
      {/* Over the page, not inside the sticky top bar's stacking context. */}
      {discard.target && createPortal(
        <ConfirmDialog title={t('time.discardTimerTitle')} question={t('time.discardTimerQuestion')} detail={timer.moduleName}
          confirmLabel={t('common.discard')} action={discard} />,
        document.body,
      )}
    </div>
  );
}

/**
 * The top bar's timer (issue 45): with the currentuser's `timer` link, the running timer is read when the bar
 * appears, when the page comes back into view (another tab may have started or stopped one) and on
 * 'timer-changed'; nothing shows while none runs. Stop logs it ('Logged 1:25 on WP1'), Discard (confirmed) drops it.
 */
export default function TimerControl({ link }) {
  const timer = useRunningTimer();
  const url = link ? link.url : null;
  useEffect(() => {
    if (!url) {
      setRunningTimer(null);
      return undefined;
    }
    let live = true;
    const read = () => getTimer({ url }).then((item) => { if (live) setRunningTimer(item); }).catch(() => {});
    const seen = () => { if (document.visibilityState === 'visible') read(); };
    read();
    const off = onTimerChanged(read);
    document.addEventListener('visibilitychange', seen);
    return () => {
      live = false;
      off();
      document.removeEventListener('visibilitychange', seen);
    };
  }, [url]);
  if (!url || !timer) return null;
  return <RunningTimer timer={timer} />;
}
