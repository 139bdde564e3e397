import DateTime from '../../components/DateTime.jsx';
import useFetch from '../../hooks/useFetch.js';
import { t } from '../../lib/i18n.js';
import { getSecurityLog } from './api.js';

/** The user's own security log, newest first (sign-ins, failures, password, 2FA and token changes). */
export default function SecurityLog() {
  const { data } = useFetch(getSecurityLog, [1]);
  if (!data) return null;
  return (
    <section className="pf__card" aria-labelledby="pf-log">
      <h2 id="pf-log" className="pf__title">{t('profile.securityLog')}</h2>
      <ul className="pf-list" data-testid="security-log">
        {data.list.map((e) => (
          <li key={e.id} className="pf-list__row">
            <div>
              <strong>{e.label}</strong>
              {e.detail && <span className="muted"> ({e.detail})</span>}
              <div className="muted"><DateTime value={e.created} /> · {e.address || '-'} · {e.device || '-'}</div>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
