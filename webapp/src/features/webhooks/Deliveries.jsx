import { useState } from 'react';
import Loading from '../../components/Loading.jsx';
import usePagedList from '../../hooks/usePagedList.js';
import { formatApiDateTime } from '../../lib/dates.js';
import { errorMessage } from '../../lib/errors.js';
import { listDeliveries, redeliver } from './api.js';

function Attempts({ log }) {
  if (!log.length) return <span className="muted">not tried yet</span>;
  return (
    <ul className="wh-log">
      {log.map((a) => (
        <li key={a.at + String(a.status)}>
          {formatApiDateTime(a.at)} · {a.status ? `HTTP ${a.status}` : 'no answer'} · {a.ms} ms{a.manual ? ' · by hand' : ''}
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
      <td><span className={`wh-status wh-status--${d.status}`}>{d.status}</span></td>
      <td>{d.attempts}{d.nextAttempt && <div className="muted">next {formatApiDateTime(d.nextAttempt)}</div>}</td>
      <td><Attempts log={d.log || []} /></td>
      <td>
        {d.links && d.links.redeliver && (
          <button type="button" className="btn btn--small" onClick={again} disabled={busy} data-testid="redeliver">
            {busy ? 'Queuing...' : 'Redeliver'}
          </button>
        )}
        {queued && <div className="muted" role="status">Queued: it is sent in a moment</div>}
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
  if (!list.length) return <div className="empty">No deliveries yet</div>;
  return (
    <table className="table wh-deliveries" data-testid="deliveries">
      <thead><tr><th>Message</th><th>Status</th><th>Attempts</th><th>Log</th><th aria-label="Actions" /></tr></thead>
      <tbody>{list.map((d) => <Row key={d.id} d={d} onDone={reload} />)}</tbody>
    </table>
  );
}
