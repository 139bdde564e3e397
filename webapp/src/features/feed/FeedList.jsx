import { useState } from 'react';
import Avatar from '../../components/Avatar.jsx';
import Loading from '../../components/Loading.jsx';
import useFetch from '../../hooks/useFetch.js';
import { Link, useLocation } from 'react-router-dom';
import DateTime from '../../components/DateTime.jsx';
import { fromNow } from '../../lib/dates.js';
import { errorMessage } from '../../lib/errors.js';
import { t } from '../../lib/i18n.js';
import { feedUrl, listFeed } from './api.js';
import { bursts, itemHref, sentenceParts } from './sentence.js';

const OP_ICONS = { add: '+', edit: '✎', delete: '×', lock: '🔒', unlock: '🔓', move: '↕', clone: '⧉' };

/** The tag of an entry's category; one not known here by its code. */
function categoryLabel(category) {
  switch (category) {
    case 'module': return t('feed.categoryItem');
    case 'deliverable': return t('feed.categoryDeliverable');
    case 'custom_value': case 'custom_field': return t('feed.categoryField');
    case 'membership': return t('feed.categoryMember');
    case 'invitation': return t('feed.categoryInvitation');
    case 'comment': return t('feed.categoryComment');
    case 'article': return t('feed.categoryArticle');
    case 'file': return t('feed.categoryFile');
    case 'reference': return t('feed.categoryReference');
    case 'metric': return t('feed.categoryMetric');
    case 'report': return t('feed.categoryReport');
    case 'template': return t('feed.categoryTemplate');
    case 'brand': return t('feed.categoryLogo');
    case 'webhook': return t('feed.categoryWebhook');
    default: return category;
  }
}

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

/** Parts of a sentence as text, names in bold (`from`: the index of the first, for the keys). */
const partsShown = (parts, from = 0) => parts.map((p, i) => (typeof p === 'string' ? p : <strong key={from + i}>{p.who ?? p.name}</strong>));

/** The entry's sentence: the person's name, then the rest linked to the item (spaces next to the name unlinked). */
function Sentence({ entry, home }) {
  const parts = sentenceParts(entry);
  const at = parts.findIndex((p) => p && typeof p === 'object' && p.who !== undefined) + 1;
  const lead = parts.slice(0, at);
  const rest = parts.slice(at);
  const gap = typeof rest[0] === 'string' ? /^\s*/.exec(rest[0])[0] : '';
  if (gap) rest[0] = rest[0].slice(gap.length);
  const href = itemHref(entry, home);
  const text = partsShown(rest, at);
  return (
    <span className="feed__text">
      {partsShown(lead)}{gap}
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
            {open ? t('feed.hide') : t('feed.moreChanges', { count: more.length })}
          </button>
        )}
        {open && (
          <ul className="feed__more">{more.map((x) => <li key={x.id} data-testid="feed-burst-item"><Sentence entry={x} home={home} /></li>)}</ul>
        )}
        <div className="feed__meta">
          <span className="tag tag--light">{categoryLabel(e.category)}</span>{' '}
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
  if (!list.length) return <div className="empty">{t('feed.noActivity')}</div>;
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
            {state.busy ? t('common.loading') : t('feed.showMore')}
          </button>
          <span className="muted" data-testid="feed-left">{t('feed.older', { count: state.left })}</span>
        </div>
      )}
    </>
  );
}
