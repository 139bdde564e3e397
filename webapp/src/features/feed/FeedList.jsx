import { useState } from 'react';
import Avatar from '../../components/Avatar.jsx';
import Loading from '../../components/Loading.jsx';
import useFetch from '../../hooks/useFetch.js';
import { Link, useLocation } from 'react-router-dom';
import DateTime from '../../components/DateTime.jsx';
import { fromNow } from '../../lib/dates.js';
import { errorMessage } from '../../lib/errors.js';
import { feedUrl, listFeed } from './api.js';
import { bursts, itemHref, sentenceParts } from './sentence.js';

const OP_ICONS = { add: '+', edit: '✎', delete: '×', lock: '🔒', unlock: '🔓', move: '↕', clone: '⧉' };
const CATEGORY_LABELS = {
  module: 'Item', deliverable: 'Status & dates', custom_value: 'Field', custom_field: 'Field', membership: 'Member',
  invitation: 'Invitation', comment: 'Comment', article: 'Article', file: 'File', reference: 'Reference',
  metric: 'Metric', report: 'Report', template: 'Template', brand: 'Logo', webhook: 'Webhook',
};
export const FEED_PAGE = 20;

const leftAfter = (data) => Math.max(0, (data.meta ? data.meta.total : (data.list || []).length) - (data.list || []).length);

/**
 * The feed's entries: the first page, then older pages on demand ('Show more' asks for the entries older than
 * the last one shown, `before`, so entries added meanwhile never shift it). -> {status, list, left, error, busy, more}
 */
function useFeed(url) {
  const first = useFetch(listFeed, [url, FEED_PAGE, null]);
  const [older, setOlder] = useState({ url: null, list: [], left: null, error: null, busy: false });
  const mine = older.url === url ? older : { url, list: [], left: null, error: null, busy: false };
  const list = first.data ? [...(first.data.list || []), ...mine.list] : [];
  const left = mine.left !== null ? mine.left : (first.data ? leftAfter(first.data) : 0);
  const more = () => {
    setOlder({ ...mine, busy: true, error: null });
    listFeed(url, FEED_PAGE, list[list.length - 1].id)
      .then((data) => setOlder((o) => (o.url === url ? { ...o, list: [...o.list, ...(data.list || [])], left: leftAfter(data), busy: false } : o)))
      .catch((err) => setOlder((o) => (o.url === url ? { ...o, error: errorMessage(err), busy: false } : o)));
  };
  return { status: first.status, list, left, error: first.error || mine.error, busy: mine.busy, more };
}

/** The layout's home ('/portal/4') from the address, for the entries' links. */
function useHome() {
  const m = /^\/(portal|peb|calibr)\/\d+/.exec(useLocation().pathname);
  return m ? m[0] : null;
}

function Sentence({ entry, home }) {
  const parts = sentenceParts(entry);
  const text = parts
    ? parts.map((p, i) => (typeof p === 'string' ? p : <strong key={i}>{p.name}</strong>))
    : entry.description;
  const href = itemHref(entry, home);
  return (
    <span className="feed__text">
      <strong>{entry.createdBy || 'Someone'}</strong>{' '}
      {href ? <Link to={href} className="feed__link" data-testid="feed-link">{text}</Link> : text}
    </span>
  );
}

function Burst({ burst, home }) {
  const [open, setOpen] = useState(false);
  const [e, ...more] = burst.entries;
  return (
    <li className="feed__item" data-testid="feed-item" data-id={e.id}>
      <span className={`feed__op feed__op--${e.operation}`} aria-hidden="true">{OP_ICONS[e.operation] || '•'}</span>
      <Avatar name={e.createdBy} src={e.avatar || null} size={28} />
      <div className="feed__body">
        <div><Sentence entry={e} home={home} /></div>
        {more.length > 0 && (
          <button type="button" className="linkish feed__burst" aria-expanded={open} onClick={() => setOpen((o) => !o)} data-testid="feed-burst">
            {open ? 'Hide' : `and ${more.length} more change${more.length === 1 ? '' : 's'} just before`}
          </button>
        )}
        {open && (
          <ul className="feed__more">{more.map((x) => <li key={x.id} data-testid="feed-burst-item"><Sentence entry={x} home={home} /></li>)}</ul>
        )}
        <div className="feed__meta">
          <span className="tag tag--light">{CATEGORY_LABELS[e.category] || e.category}</span>{' '}
          <DateTime value={e.created} format={fromNow} />
        </div>
      </div>
    </li>
  );
}

/**
 * The activity feed of a module (GET /api/feed/list/{moduleId}, or the module's feed link), newest first, a
 * page at a time from the server: each entry a sentence linking to its item, bursts of one person's edits to one
 * item folded together.
 */
export default function FeedList({ moduleId, url }) {
  const state = useFeed(feedUrl(moduleId, url));
  const home = useHome();
  if (state.status === 'loading' || state.status === 'idle') return <Loading inline />;
  if (state.status === 'failed') return <div className="form__error">{state.error}</div>;
  const { list } = state;
  if (!list.length) return <div className="empty">No activity yet</div>;
  return (
    <>
      <ol className="feed" data-testid="feed">
        {bursts(list).map((b) => <Burst key={b.key} burst={b} home={home} />)}
      </ol>
      {state.error && <div className="form__error" role="alert">{state.error}</div>}
      {state.left > 0 && (
        <div className="more">
          <button type="button" className="btn btn--small" disabled={state.busy} data-testid="feed-more"
            onClick={state.more}>
            {state.busy ? 'Loading...' : 'Show more'}
          </button>
          <span className="muted" data-testid="feed-left">{state.left} older</span>
        </div>
      )}
    </>
  );
}
