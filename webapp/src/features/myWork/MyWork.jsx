/**
 * /my-work (issue 44): the home page's second tab. The signed-in user's open tasks across every portal, grouped by
 * when they are due (Overdue, Due this week, Later, Blocked: the server groups, counts and caps them), then their
 * unread mentions, opening one marks it read as the notifications page does. One request.
 */
import { useMemo, useState } from 'react';
import { useSelector } from 'react-redux';
import { Link } from 'react-router-dom';
import Loading from '../../components/Loading.jsx';
import StatusBadge from '../../components/StatusBadge.jsx';
import HomeTabs from '../../components/HomeTabs.jsx';
import useFetch from '../../hooks/useFetch.js';
import { formatDate, fromNow, fullDateTime } from '../../lib/dates.js';
import { t } from '../../lib/i18n.js';
import { getMyWork, markMentionRead } from './api.js';
import { mentionHref, workRowHref } from './workLinks.js';
import './myWork.css';

/** The groups in the order shown: [key, heading, what an empty one says]. */
const GROUPS = [
  ['overdue', () => t('myWork.overdue'), () => t('myWork.noneOverdue')],
  ['thisWeek', () => t('myWork.thisWeek'), () => t('myWork.noneThisWeek')],
  ['later', () => t('myWork.later'), () => t('myWork.noneLater')],
  ['blocked', () => t('myWork.blocked'), () => t('myWork.noneBlocked')],
];

/** The deadline; one already past (`today`: the server's day) stands out and says so, not by colour alone. */
function Deadline({ value, today }) {
  if (!value) return <span className="muted">{t('myWork.noDeadline')}</span>;
  const date = formatDate(value);
  const late = String(value).slice(0, 10) < today;
  return (
    <span className={late ? 'mw-due mw-due--late' : 'mw-due'} data-testid="my-work-deadline" data-late={late ? '1' : '0'}>
      {late ? t('myWork.dueLate', { date }) : t('myWork.due', { date })}
    </span>
  );
}

function WorkRow({ row, today, portalIds }) {
  const d = row.deliverable || {};
  const href = workRowHref(row, portalIds);
  const where = [row.entryName, row.projectName].filter(Boolean).join(' › ');
  return (
    <li className="mw-row" data-testid="my-work-row" data-id={row.id}>
      <div className="mw-row__main">
        {href ? <Link className="mw-row__name" to={href}>{row.name}</Link> : <span className="mw-row__name">{row.name}</span>}
        <StatusBadge status={d.status} />
      </div>
      <div className="mw-row__meta">
        <Deadline value={d.deadline} today={today} />
        {where && <span className="muted mw-row__where">{where}</span>}
      </div>
    </li>
  );
}

/** '20 of 134' under a list the server capped. */
function More({ shown, total }) {
  if (total <= shown) return null;
  return <p className="muted mw-more" data-testid="my-work-more">{t('myWork.shownOf', { shown, total })}</p>;
}

function Group({ name, heading, empty, group, data, portalIds }) {
  const list = group.list || [];
  const id = `mw-${name}`;
  return (
    <section className={`mw-group mw-group--${name}`} data-testid="my-work-group" data-group={name} aria-labelledby={id}>
      <h2 id={id} className="mw-group__title">
        {heading} <span className="mw-count" data-testid="my-work-count">{group.total || 0}</span>
      </h2>
      {name === 'thisWeek' && data.weekEnds && <p className="muted mw-until">{t('myWork.until', { date: formatDate(data.weekEnds) })}</p>}
      {list.length ? (
        <ul className="mw-list">
          {list.map((row) => <WorkRow key={row.id} row={row} today={data.today} portalIds={portalIds} />)}
        </ul>
      ) : <p className="mw-empty">{empty}</p>}
      <More shown={list.length} total={group.total || 0} />
    </section>
  );
}

/** One unread mention: who mentioned the reader where, how long ago; opening it marks it read. */
function Mention({ n, onOpen }) {
  return (
    <li className="mw-mention" data-testid="my-work-mention" data-id={n.id}>
      <Link to={mentionHref(n)} onClick={() => onOpen(n)}>
        <span className="mw-mention__text">{n.actor && <strong>{n.actor.name} </strong>}{n.text}</span>
        <span className="mw-mention__meta muted">
          {n.module ? `${n.module.name} · ` : ''}
          <time dateTime={n.created} title={fullDateTime(n.created)}>{fromNow(n.created)}</time>
        </span>
      </Link>
    </li>
  );
}

function Mentions({ mentions, onOpen }) {
  const list = mentions.list || [];
  return (
    <section className="mw-group mw-mentions" data-testid="my-work-mentions" aria-labelledby="mw-mentions">
      <h2 id="mw-mentions" className="mw-group__title">
        {t('myWork.mentions')} <span className="mw-count" data-testid="my-work-count">{mentions.total || 0}</span>
      </h2>
      {list.length ? (
        <ul className="mw-list">{list.map((n) => <Mention key={n.id} n={n} onOpen={onOpen} />)}</ul>
      ) : <p className="mw-empty">{t('myWork.noMentions')}</p>}
      <More shown={list.length} total={mentions.total || 0} />
      <p className="mw-more"><Link to="/notifications">{t('myWork.allNotifications')}</Link></p>
    </section>
  );
}

/** List or calendar: the two ways My work shows one's tasks (the calendar is the app's, given as `calendar`). */
function ViewToggle({ view }) {
  return (
    <div className="toggle mw__toggle" role="group" aria-label={t('myWork.viewAs')}>
      <Link className={view === 'list' ? 'toggle__btn toggle__btn--on' : 'toggle__btn'} aria-current={view === 'list' ? 'true' : undefined}
        to="/my-work" data-testid="my-work-list-toggle">{t('myWork.viewList')}</Link>
      <Link className={view === 'calendar' ? 'toggle__btn toggle__btn--on' : 'toggle__btn'} aria-current={view === 'calendar' ? 'true' : undefined}
        to="/my-work?view=calendar" data-testid="my-work-calendar-toggle">{t('myWork.viewCalendar')}</Link>
    </div>
  );
}

/**
 * /my-work (issue 44, point 5): the reader's open tasks across portals as overdue, due this week, later and
 * blocked, and their unread mentions, from one request; or (`view` 'calendar') the `calendar` element the app
 * composes (the reader's own dates across portals).
 */
export default function MyWork({ view = 'list', calendar = null }) {
  const { data, status, error } = useFetch(view === 'list' ? getMyWork : null, [view]);
  const portals = useSelector((s) => s.portals.list);
  const portalIds = useMemo(() => new Set((portals || []).map((p) => String(p.id))), [portals]);
  // A mention read here leaves the unread list (one opened in a new tab leaves this page open beside it).
  const [read, setRead] = useState(() => new Set());
  const open = (n) => {
    if (!n.read) markMentionRead(n).then(() => setRead((s) => new Set(s).add(n.id)), () => {});
  };
  const mentions = (data && data.mentions) || {};
  const unread = (mentions.list || []).filter((n) => !read.has(n.id));
  return (
    <div className="page mw" data-testid="my-work">
      <div className="page__head">
        <div>
          <h1 className="page__title">{t('myWork.title')}</h1>
          <p className="muted">{t('myWork.intro')}</p>
        </div>
      </div>
      <HomeTabs />
      {calendar && <ViewToggle view={view} />}
      {view === 'calendar' && calendar}
      {view === 'list' && status === 'failed' && <div className="form__error mw-error" role="alert">{error}</div>}
      {view === 'list' && !data && status !== 'failed' && <Loading inline />}
      {view === 'list' && data && (
        <div className="mw__groups">
          {GROUPS.map(([name, heading, empty]) => (
            <Group key={name} name={name} heading={heading()} empty={empty()} group={(data.groups || {})[name] || {}}
              data={data} portalIds={portalIds} />
          ))}
          <Mentions mentions={{ total: Math.max(0, (mentions.total || 0) - read.size), list: unread }} onOpen={open} />
        </div>
      )}
    </div>
  );
}
