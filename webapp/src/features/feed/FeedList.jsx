import Loading from '../../components/Loading.jsx';
import Avatar from '../../components/Avatar.jsx';
import { formatDateTime, fromNow } from '../../lib/dates.js';
import useFetch, { pickList } from '../../lib/useFetch.js';

const OP_ICONS = { add: '+', edit: '✎', delete: '×', lock: '🔒', unlock: '🔓', move: '↕' };

/** The activity feed of a module (GET /api/feed/list/{moduleId}). */
export default function FeedList({ moduleId, url }) {
  const { status, data, error } = useFetch(url || `/api/feed/list/${moduleId}`, pickList);
  if (status === 'loading') return <Loading inline />;
  if (status === 'failed') return <div className="form__error">{error}</div>;
  const list = data || [];
  if (!list.length) return <div className="empty">No activity yet</div>;
  return (
    <ol className="feed" data-testid="feed">
      {list.map((e) => (
        <li key={e.id} className="feed__item" data-testid="feed-item">
          <span className={`feed__op feed__op--${e.operation}`} aria-hidden="true">{OP_ICONS[e.operation] || '•'}</span>
          <Avatar name={e.createdBy} src={e.avatar || null} size={28} />
          <div className="feed__body">
            <div className="feed__text">
              <strong>{e.createdBy}</strong> {e.description}
              {e.module && <span className="muted"> in {e.module.name}</span>}
            </div>
            <div className="feed__meta" title={formatDateTime(e.created)}>
              <span className="tag tag--light">{e.category}</span> {fromNow(e.created)}
            </div>
          </div>
        </li>
      ))}
    </ol>
  );
}
