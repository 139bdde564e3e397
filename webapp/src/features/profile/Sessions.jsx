import { useState } from 'react';
import DateTime from '../../components/DateTime.jsx';
import useFetch from '../../hooks/useFetch.js';
import { errorMessage } from '../../lib/errors.js';
import { t } from '../../lib/i18n.js';
import { endOtherSessions, endSession, listSessions } from './api.js';

/** The user's sessions (device, address, when signed in and last seen): end one, or every other. */
export default function Sessions() {
  const { data: list, reload } = useFetch(listSessions, []);
  const [error, setError] = useState(null);
  const act = (call) => call().then(() => { setError(null); reload(); }, (err) => setError(errorMessage(err)));
  if (!list) return null;
  return (
    <section className="pf__card" aria-labelledby="pf-sessions">
      <h2 id="pf-sessions" className="pf__title">{t('profile.sessions')}</h2>
      <ul className="pf-list" data-testid="sessions">
        {list.map((s) => (
          <li key={s.id} className="pf-list__row" data-testid="session">
            <div>
              <strong>{s.device || t('profile.unknownDevice')}</strong>
              {s.current && <span className="badge">{` ${t('profile.thisSession')}`}</span>}
              <div className="muted">
                {t('profile.sessionLine', { address: s.address || t('profile.unknownAddress'),
                  created: <DateTime key="created" value={s.created} />, lastSeen: <DateTime key="lastSeen" value={s.lastSeen} /> })}
              </div>
            </div>
            {s.links.end && (
              <button type="button" className="btn btn--small" onClick={() => act(() => endSession(s))}
                aria-label={s.device ? t('profile.endSessionOn', { device: s.device }) : t('profile.endSessionUnknown')}>{t('profile.end')}</button>
            )}
          </li>
        ))}
      </ul>
      {list.length > 1 && (
        <button type="button" className="btn" onClick={() => act(endOtherSessions)}>{t('profile.endOtherSessions')}</button>
      )}
      {error && <div className="form__error" role="alert">{error}</div>}
    </section>
  );
}
