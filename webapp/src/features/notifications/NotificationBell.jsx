import { useCallback, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import useClickOutside from '../../hooks/useClickOutside.js';
import { t } from '../../lib/i18n.js';
import NotificationItem from './NotificationItem.jsx';
import { badgeText } from './notify.js';
import useNotifications from './useNotifications.js';
import './notifications.css';

function Panel({ list, unread, onOpen, onReadAll, onClose }) {
  return (
    <div className="bell__panel" role="dialog" aria-label={t('notifications.title')} data-testid="bell-panel">
      <div className="bell__head">
        <strong>{t('notifications.title')}</strong>
        <button type="button" className="btn btn--small btn--ghost" onClick={onReadAll} disabled={!unread}
          data-testid="bell-read-all">{t('notifications.markAllRead')}</button>
      </div>
      {list.length === 0 && <div className="empty" data-testid="bell-empty">{t('notifications.nothingYet')}</div>}
      <ul className="bell__list">
        {list.map((n) => <NotificationItem key={n.id} n={n} onOpen={(x) => { onOpen(x); onClose(); }} />)}
      </ul>
      <Link className="bell__all" to="/notifications" onClick={onClose} data-testid="bell-all">{t('notifications.seeAll')}</Link>
    </div>
  );
}

/** The bell of the top bar: the unread count, and a panel of the latest notifications (unread first). */
export default function NotificationBell() {
  const { list, unread, open, readAll } = useNotifications();
  const [shown, setShown] = useState(false);
  const ref = useRef(null);
  const close = useCallback(() => setShown(false), []);
  useClickOutside(ref, shown, close);
  const badge = badgeText(unread);
  return (
    <div className="bell" ref={ref}>
      <button type="button" className="bell__button" onClick={() => setShown(!shown)} aria-haspopup="dialog"
        aria-expanded={shown} aria-label={unread ? t('notifications.bellUnread', { count: unread }) : t('notifications.title')} data-testid="bell">
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z" />
        </svg>
        {badge && <span className="bell__badge" data-testid="bell-count">{badge}</span>}
      </button>
      {shown && <Panel list={list} unread={unread} onOpen={open} onReadAll={readAll} onClose={close} />}
    </div>
  );
}
