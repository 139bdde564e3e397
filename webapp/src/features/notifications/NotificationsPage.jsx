import Loading from '../../components/Loading.jsx';
import useLive from '../../hooks/useLive.js';
import usePagedList from '../../hooks/usePagedList.js';
import { formatNumber, t } from '../../lib/i18n.js';
import { listNotifications, markAllRead, markRead, userTicket } from './api.js';
import NotificationItem from './NotificationItem.jsx';
import { KINDS } from './notify.js';
import './notifications.css';

function Filters({ query, update, unread, onReadAll }) {
  return (
    <div className="notes-page__filters">
      <label>
        <input type="checkbox" checked={query.unread === '1'} data-testid="notes-unread"
          onChange={(e) => update({ unread: e.target.checked ? '1' : '' })} />
        {' '}{t('notifications.unreadOnly')}
      </label>
      <label>
        {t('notifications.kind')}{' '}
        <select value={query.kind} onChange={(e) => update({ kind: e.target.value })} data-testid="notes-kind">
          <option value="">{t('notifications.all')}</option>
          {KINDS.map(([k, label]) => <option key={k} value={k}>{label()}</option>)}
        </select>
      </label>
      <button type="button" className="btn btn--small" onClick={onReadAll} disabled={!unread} data-testid="notes-read-all">
        {t('notifications.markAllRead')}
      </button>
    </div>
  );
}

function Pager({ meta, update }) {
  const pages = Math.max(1, Math.ceil(meta.total / meta.perPage));
  return (
    <div className="notes-page__pager">
      <button type="button" className="btn btn--small" disabled={meta.page <= 1} onClick={() => update({ page: meta.page - 1 })}>
        {t('common.previous')}
      </button>
      <span className="muted" data-testid="notes-page">
        {t('notifications.pageOf', { page: formatNumber(meta.page), pages: formatNumber(pages), count: meta.total })}
      </span>
      <button type="button" className="btn btn--small" disabled={meta.page >= pages} onClick={() => update({ page: meta.page + 1 })}>
        {t('common.next')}
      </button>
    </div>
  );
}

/** /notifications: every notification, a page at a time, unread first; filters by unread and kind. */
export default function NotificationsPage() {
  const paged = usePagedList(listNotifications, { perPage: 20, unread: '', kind: '' });
  const { data, status, query, update, meta, reload } = paged;
  useLive('user', userTicket, () => reload());
  const list = (data && data.list) || [];
  const unread = (data && data.meta && data.meta.unread) || 0;
  return (
    <div className="page" data-testid="notifications-page">
      <h1 className="page__title">{t('notifications.title')}</h1>
      <Filters query={query} update={update} unread={unread} onReadAll={() => markAllRead().then(reload)} />
      {status === 'loading' && <Loading inline />}
      {status === 'failed' && <div className="form__error" role="alert">{paged.error}</div>}
      {status !== 'loading' && list.length === 0 && <div className="empty">{t('notifications.none')}</div>}
      <ul className="notes-page__list">
        {list.map((n) => <NotificationItem key={n.id} n={n} onOpen={(x) => { if (!x.read) markRead(x).catch(() => {}); }} />)}
      </ul>
      {meta.total > meta.perPage && <Pager meta={meta} update={update} />}
    </div>
  );
}
