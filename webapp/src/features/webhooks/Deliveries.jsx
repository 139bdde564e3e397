import { useState } from 'react';
import Loading from '../../components/Loading.jsx';
import usePagedList from '../../hooks/usePagedList.js';
import { formatApiDateTime } from '../../lib/dates.js';
import { errorMessage } from '../../lib/errors.js';
import { formatNumber, t } from '../../lib/i18n.js';
import { listDeliveries, redeliver } from './api.js';

/** A delivery's status (pending, succeeded, failed, skipped) in words. */
function statusText(status) {
  switch (status) {
    case 'pending': return t('webhooks.statusPending');
    case 'succeeded': return t('webhooks.statusSucceeded');
    case 'failed': return t('webhooks.statusFailed');
    case 'skipped': return t('webhooks.statusSkipped');
    default: return status;
  }
}

function Attempts({ log }) {
  if (!log.length) return <span className="muted">{t('webhooks.notTried')}</span>;
  return (
    <ul className="wh-log">
      {log.map((a) => (
        <li key={a.at + String(a.status)}>
          {formatApiDateTime(a.at)} · {a.status ? `HTTP ${a.status}` : t('webhooks.noAnswer')}
          {' · '}{t('webhooks.duration', { ms: formatNumber(a.ms) })}{a.manual ? ` · ${t('webhooks.byHand')}` : ''}
          {a.error && <span className="muted"> · {a.error}</span>}
        </li>
      ))}
    </ul>
  );
}

function Row({ d, onDone }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(null);
  const [queued, setQueued] = useState(false);
  // The server queues the attempt (202) and the worker sends it: the list is read again now and once more later.
  const again = () => {
    setBusy(true);
    setError(null);
    redeliver(d).then(() => {
      setQueued(true);
      onDone();
      setTimeout(onDone, 3000);
    }).catch((err) => setError(errorMessage(err))).finally(() => setBusy(false));
  };
  return (
    <tr data-testid="delivery">
      <td><code>{d.msgId}</code><div className="muted">{d.kind}</div></td>
      <td><span className={`wh-status wh-status--${d.status}`}>{statusText(d.status)}</span></td>
      <td>
        {formatNumber(d.attempts)}
        {d.nextAttempt && <div className="muted">{t('webhooks.nextAttempt', { date: formatApiDateTime(d.nextAttempt) })}</div>}
      </td>
      <td><Attempts log={d.log || []} /></td>
      <td>
        {d.links && d.links.redeliver && (
          <button type="button" className="btn btn--small" onClick={again} disabled={busy} data-testid="redeliver">
            {busy ? t('webhooks.queuing') : t('webhooks.redeliver')}
          </button>
        )}
        {queued && <div className="muted" role="status">{t('webhooks.queued')}</div>}
        {error && <div className="field__error" role="alert">{error}</div>}
      </td>
    </tr>
  );
}

/** A webhook's deliveries, newest first: status, attempts with their HTTP status and time, redeliver by hand. */
export default function Deliveries({ webhook }) {
  const paged = usePagedList(listDeliveries, { perPage: 20 }, [webhook]);
  const { data, status, reload } = paged;
  if (status === 'loading') return <Loading inline />;
  if (status === 'failed') return <div className="form__error" role="alert">{paged.error}</div>;
  const list = (data && data.list) || [];
  if (!list.length) return <div className="empty">{t('webhooks.noDeliveries')}</div>;
  return (
    <table className="table wh-deliveries" data-testid="deliveries">
      <thead>
        <tr>
          <th>{t('webhooks.message')}</th><th>{t('common.status')}</th><th>{t('webhooks.attempts')}</th><th>{t('webhooks.log')}</th>
          <th aria-label={t('common.actions')} />
        </tr>
      </thead>
      <tbody>{list.map((d) => <Row key={d.id} d={d} onDone={reload} />)}</tbody>
    </table>
  );
}
