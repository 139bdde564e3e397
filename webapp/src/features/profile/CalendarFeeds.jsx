import { useRef, useState } from 'react';
import ConfirmDialog from '../../components/ConfirmDialog.jsx';
import DateTime from '../../components/DateTime.jsx';
import Field from '../../components/Field.jsx';
import FormDialog from '../../components/FormDialog.jsx';
import Modal from '../../components/Modal.jsx';
import useConfirmAction from '../../hooks/useConfirmAction.js';
import useFetch from '../../hooks/useFetch.js';
import { t } from '../../lib/i18n.js';
import { listCalendarFeeds, revokeCalendarFeed } from './api.js';

/** The same address for the calendar app the system hands webcal: to (it subscribes rather than downloads). */
export const webcalUrl = (url) => String(url).replace(/^https?:/i, 'webcal:');

/**
 * A new feed's address, shown this once (the server keeps only its hash): read-only, Copy (the clipboard, or, where
 * the browser refuses it, the text selected for Ctrl+C), the webcal: link, what it gives away and how to subscribe.
 */
function FeedAddress({ url, onClose }) {
  const input = useRef(null);
  const [copied, setCopied] = useState(null); // 'copied' | 'selected'
  const select = () => {
    input.current.focus();
    input.current.select();
    setCopied('selected');
  };
  const copy = () => {
    if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(url).then(() => setCopied('copied'), select);
    else select();
  };
  return (
    <Modal title={t('profile.feedAddressTitle')} onClose={onClose}
      footer={<button type="button" className="btn" onClick={onClose}>{t('common.close')}</button>}>
      {/* blocks, not paragraphs: the form's gap spaces them */}
      <div className="form">
        <div className="form__success">{t('profile.feedAddressOnce')}</div>
        <Field id="feed-url" label={t('profile.feedAddress')} help={t('profile.feedSecret')}>
          <input id="feed-url" ref={input} readOnly value={url} data-testid="feed-url" onFocus={(e) => e.target.select()} />
        </Field>
        <div className="form__actions">
          <button type="button" className="btn btn--primary" onClick={copy} data-testid="copy-feed-url">{t('profile.copy')}</button>
        </div>
        <div role="status" className="muted">
          {copied === 'copied' && t('profile.copied')}
          {copied === 'selected' && t('profile.copySelected')}
        </div>
        <div><a href={webcalUrl(url)} data-testid="feed-webcal">{t('profile.openInCalendarApp')}</a></div>
        <div className="muted">{t('profile.feedHowTo')}</div>
      </div>
    </Modal>
  );
}

/** One feed: its name, whose tasks, which portal, created and last read, Revoke. */
function FeedRow({ feed, onRevoke }) {
  return (
    <li className="pf-list__row" data-testid="calendar-feed" data-id={feed.id}>
      <div>
        <strong>{feed.name}</strong>{' '}
        <span className="muted">
          {feed.scope === 'watched' ? t('profile.feedScopeWatched') : t('profile.feedScopeMine')}
          {', '}{feed.portal ? feed.portal.name : t('profile.feedAllPortals')}
        </span>
        <div className="muted">
          {t('profile.feedCreated', { date: <DateTime key="created" value={feed.created} /> })} · {feed.lastUsed
            ? t('profile.lastUsed', { date: <DateTime key="used" value={feed.lastUsed} /> }) : t('profile.neverUsed')}
        </div>
      </div>
      {feed.links && feed.links.delete && (
        <button type="button" className="btn btn--small" onClick={() => onRevoke(feed)} data-testid="revoke-feed"
          aria-label={t('profile.revokeFeed', { name: feed.name })}>{t('profile.revoke')}</button>
      )}
    </li>
  );
}

/**
 * Calendar feeds (issue 44): iCal subscriptions of the deadlines of one's tasks (owned or watched, one portal or
 * all), offered when the signed-in user carries a `calendar_feeds` link (`link`). A new one is the server's form;
 * its address is shown once; each is listed with its last use and revocable.
 */
export default function CalendarFeeds({ link }) {
  const { data, error, reload } = useFetch(link ? listCalendarFeeds : null, [link ? link.url : null]);
  const [adding, setAdding] = useState(false);
  const [address, setAddress] = useState(null);
  const revoke = useConfirmAction((feed) => revokeCalendarFeed(feed).then(reload));
  if (!link || (!data && !error)) return null;
  const list = (data && data.list) || [];
  const add = data && data.links && data.links.add;
  return (
    <section className="pf__card" aria-labelledby="pf-feeds" data-testid="calendar-feeds">
      <h2 id="pf-feeds" className="pf__title">{t('profile.calendarFeeds')}</h2>
      <p className="muted">{t('profile.calendarFeedsIntro')}</p>
      {error && <div className="form__error" role="alert">{error}</div>}
      {data && (list.length ? (
        <ul className="pf-list">{list.map((feed) => <FeedRow key={feed.id} feed={feed} onRevoke={revoke.ask} />)}</ul>
      ) : <p className="muted" data-testid="no-calendar-feeds">{t('profile.noCalendarFeeds')}</p>)}
      {add && (
        <button type="button" className="btn" onClick={() => setAdding(true)} data-testid="new-calendar-feed">{t('profile.newCalendarFeed')}</button>
      )}
      {adding && (
        <FormDialog title={t('profile.newCalendarFeed')} url={add.url} testId="calendar-feed-form" submitLabel={t('profile.createFeed')}
          onClose={() => setAdding(false)}
          onSuccess={(item, answer) => { setAddress((answer && answer.url) || (item && item.url) || null); reload(); }} />
      )}
      {address && <FeedAddress url={address} onClose={() => setAddress(null)} />}
      {revoke.target && (
        <ConfirmDialog action={revoke} title={t('profile.revokeFeedTitle')} confirmLabel={t('profile.revoke')}
          question={t('profile.revokeFeedQuestion', { name: revoke.target.name })} />
      )}
    </section>
  );
}
