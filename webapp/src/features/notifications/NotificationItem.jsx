import { Link } from 'react-router-dom';
import Avatar from '../../components/Avatar.jsx';
import { t } from '../../lib/i18n.js';
import { badgeText, notificationHref, timeAgo } from './notify.js';

/**
 * One notification: who did what where, how long ago; opening it marks it read (`onOpen`). A group (several changes
 * of one module within minutes: `count` > 1) reads 'Ana and 2 others made 4 changes in ...' and carries its count
 * on the latest person's avatar.
 */
export default function NotificationItem({ n, onOpen, as: Tag = 'li' }) {
  const who = n.actor ? n.actor.name : null;
  const count = n.count || 1;
  return (
    <Tag className={n.read ? 'note' : 'note note--unread'} data-testid="notification" data-kind={n.kind}
      data-read={n.read ? '1' : '0'} data-count={count}>
      <Link to={notificationHref(n)} className="note__link" onClick={() => onOpen && onOpen(n)}>
        <span className="note__avatar">
          {who ? <Avatar name={who} src={n.actor.avatar} size={30} /> : <span className="note__icon" aria-hidden="true">!</span>}
          {/* the sentence says how many: the badge is for the eye */}
          {count > 1 && <span className="note__count" aria-hidden="true">{badgeText(count)}</span>}
        </span>
        <span className="note__body">
          <span className="note__text">
            {who && <strong>{who} </strong>}
            {n.text}
          </span>
          <span className="note__meta muted">
            {n.module ? `${n.module.name} · ` : ''}
            <time dateTime={n.created}>{timeAgo(n.created)}</time>
          </span>
        </span>
        {!n.read && <span className="note__dot" aria-label={t('notifications.unread')} />}
      </Link>
    </Tag>
  );
}
