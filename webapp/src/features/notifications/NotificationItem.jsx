import { Link } from 'react-router-dom';
import Avatar from '../../components/Avatar.jsx';
import { notificationHref, timeAgo } from './notify.js';

/** One notification: who did what where, how long ago; opening it marks it read (`onOpen`). */
export default function NotificationItem({ n, onOpen, as: Tag = 'li' }) {
  const who = n.actor ? n.actor.name : null;
  return (
    <Tag className={n.read ? 'note' : 'note note--unread'} data-testid="notification" data-kind={n.kind}
      data-read={n.read ? '1' : '0'}>
      <Link to={notificationHref(n)} className="note__link" onClick={() => onOpen && onOpen(n)}>
        {who ? <Avatar name={who} src={n.actor.avatar} size={30} /> : <span className="note__icon" aria-hidden="true">!</span>}
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
        {!n.read && <span className="note__dot" aria-label="unread" />}
      </Link>
    </Tag>
  );
}
