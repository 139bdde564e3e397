import { Fragment, useState } from 'react';
import { formatApiDateTime } from '../../lib/dates.js';
import { t } from '../../lib/i18n.js';
import JobView from './JobView.jsx';
import { kindLabel, stateLabel } from './labels.js';
import { Scroll } from './parts.jsx';

/**
 * The portal's imports, newest first: when, from where, by whom and how each ended; one opened at a time shows its
 * report (or its progress, followed while it runs). `onSettled(job)` when a job followed here ends.
 */
export default function JobHistory({ items, moduleHref, onSettled }) {
  const [openId, setOpenId] = useState(null);
  if (!items.length) return <p className="empty" data-testid="import-history-empty">{t('imports.noImports')}</p>;
  return (
    <Scroll label={t('imports.historyCaption')}>
    <table className="table import-history" data-testid="import-history">
      <caption className="import-caption">{t('imports.historyCaption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('imports.started')}</th><th scope="col">{t('imports.source')}</th><th scope="col">{t('imports.state')}</th>
          <th scope="col">{t('imports.by')}</th><th scope="col"><span className="sr-only">{t('imports.actions')}</span></th>
        </tr>
      </thead>
      <tbody>
        {items.map((job) => (
          <Fragment key={job.id}>
            <tr data-testid="import-history-row" data-state={job.state}>
              <td>{formatApiDateTime(job.created)}</td>
              <td>
                {kindLabel(job.kind)}{job.title ? `: ${job.title}` : ''}
                {job.dryRun && <span className="tag tag--light import-tag">{t('imports.dryRunTag')}</span>}
              </td>
              <td>{stateLabel(job.state)}</td>
              <td>{job.createdBy ? job.createdBy.name : ''}</td>
              <td>
                <button type="button" className="btn btn--small" aria-expanded={openId === job.id} data-testid="import-history-open"
                  onClick={() => setOpenId(openId === job.id ? null : job.id)}>
                  {openId === job.id ? t('imports.hideReport') : t('imports.showReport')}
                </button>
              </td>
            </tr>
            {openId === job.id && (
              <tr><td colSpan={5} className="import-history__detail"><JobView job={job} moduleHref={moduleHref} onSettled={onSettled} /></td></tr>
            )}
          </Fragment>
        ))}
      </tbody>
    </table>
    </Scroll>
  );
}
