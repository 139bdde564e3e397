import { useState } from 'react';
import DateTime from '../../components/DateTime.jsx';
import useFetch from '../../hooks/useFetch.js';
import { errorMessage } from '../../lib/errors.js';
import { endOtherSessions, endSession, listSessions } from './api.js';

/** The user's sessions (device, address, when signed in and last seen): end one, or every other. */
export default function Sessions() {
  const { data: list, reload } = useFetch(listSessions, []);
  const [error, setError] = useState(null);
  const act = (call) => call().then(() => { setError(null); reload(); }, (err) => setError(errorMessage(err)));
  if (!list) return null;
  return (
    <section className="pf__card" aria-labelledby="pf-sessions">
      <h2 id="pf-sessions" className="pf__title">Sessions</h2>
      <ul className="pf-list" data-testid="sessions">
        {list.map((s) => (
          <li key={s.id} className="pf-list__row" data-testid="session">
            <div>
              <strong>{s.device || 'Unknown device'}</strong>
              {s.current && <span className="badge"> This session</span>}
              <div className="muted">
                {s.address || 'unknown address'} · signed in <DateTime value={s.created} /> · last seen <DateTime value={s.lastSeen} />
              </div>
            </div>
            {s.links.end && (
              <button type="button" className="btn btn--small" onClick={() => act(() => endSession(s))}
                aria-label={`End session on ${s.device || 'unknown device'}`}>End</button>
            )}
          </li>
        ))}
      </ul>
      {list.length > 1 && (
        <button type="button" className="btn" onClick={() => act(endOtherSessions)}>End all other sessions</button>
      )}
      {error && <div className="form__error" role="alert">{error}</div>}
    </section>
  );
}
