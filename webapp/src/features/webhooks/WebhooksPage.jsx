import { useState } from 'react';
import ConfirmDialog from '../../components/ConfirmDialog.jsx';
import FormDialog from '../../components/FormDialog.jsx';
import Loading from '../../components/Loading.jsx';
import useConfirmAction from '../../hooks/useConfirmAction.js';
import usePagedList from '../../hooks/usePagedList.js';
import { t } from '../../lib/i18n.js';
import { deleteWebhook } from './api.js';
import Deliveries from './Deliveries.jsx';
import './webhooks.css';

function Secret({ value }) {
  const [shown, setShown] = useState(false);
  return (
    <span className="wh-secret">
      <code>{shown ? value : 'whsec_••••••••'}</code>
      <button type="button" className="btn btn--small btn--ghost" onClick={() => setShown(!shown)}>
        {shown ? t('webhooks.hide') : t('webhooks.show')}
      </button>
    </span>
  );
}

function WebhookRow({ w, open, onOpen, onEdit, onDelete }) {
  const links = w.links || {};
  return (
    <>
      <tr data-testid="webhook">
        <td className="wh-url">{w.url}</td>
        <td>{w.kinds.join(', ')}</td>
        <td>
          {w.active ? <span className="tag">{t('webhooks.active')}</span> : <span className="tag tag--warn">{t('webhooks.off')}</span>}
          {w.disabledReason && <div className="muted">{w.disabledReason}</div>}
        </td>
        <td><Secret value={w.secret} /></td>
        <td className="wh-actions">
          {links.deliveries && <button type="button" className="btn btn--small" onClick={onOpen} aria-expanded={open}>{t('webhooks.deliveries')}</button>}
          {links.edit && <button type="button" className="btn btn--small" onClick={() => onEdit(w)}>{t('common.edit')}</button>}
          {links.delete && <button type="button" className="btn btn--small btn--danger-outline" onClick={() => onDelete(w)}>{t('common.delete')}</button>}
        </td>
      </tr>
      {open && <tr><td colSpan={5}><Deliveries webhook={w} /></td></tr>}
    </>
  );
}

/**
 * The portal's webhooks (settings page, its admins): each event of the chosen kinds is POSTed as signed JSON
 * (Standard Webhooks) to the URL; failed deliveries are retried for 24 h, and a webhook failing again and again is
 * switched off (its admins are told).
 */
export default function WebhooksPage({ portal }) {
  const link = portal.links && portal.links.webhooks;
  const paged = usePagedList(link ? link.url : null, { perPage: 50 });
  const [dialog, setDialog] = useState(null); // {title, url}
  const [openId, setOpenId] = useState(null);
  const del = useConfirmAction(async (w) => { await deleteWebhook(w); paged.reload(); });
  if (!link) return <div className="empty">{t('webhooks.adminsOnly')}</div>;
  if (paged.status === 'loading') return <Loading inline />;
  if (paged.status === 'failed') return <div className="form__error" role="alert">{paged.error}</div>;
  const list = (paged.data && paged.data.list) || [];
  const add = paged.data && paged.data.links && paged.data.links.add;
  return (
    <div data-testid="webhooks-page">
      <div className="section__head">
        <h2 className="section-title">{t('webhooks.title')}</h2>
        {add && <button type="button" className="btn btn--primary btn--small" onClick={() => setDialog({ title: t('webhooks.addWebhook'), url: add.url })}
          data-testid="add-webhook">{t('webhooks.addWebhook')}</button>}
      </div>
      <p className="muted">{t('webhooks.intro')}</p>
      {list.length === 0 ? <div className="empty">{t('webhooks.none')}</div> : (
        <table className="table">
          <thead>
            <tr>
              <th>{t('webhooks.url')}</th><th>{t('webhooks.events')}</th><th>{t('webhooks.state')}</th><th>{t('webhooks.secret')}</th>
              <th aria-label={t('common.actions')} />
            </tr>
          </thead>
          <tbody>
            {list.map((w) => (
              <WebhookRow key={w.id} w={w} open={openId === w.id} onOpen={() => setOpenId(openId === w.id ? null : w.id)}
                onEdit={(x) => setDialog({ title: t('webhooks.editWebhook'), url: x.links.edit.url })} onDelete={del.ask} />
            ))}
          </tbody>
        </table>
      )}
      {dialog && <FormDialog title={dialog.title} url={dialog.url} onClose={() => setDialog(null)} onSuccess={() => paged.reload()} />}
      {del.target && <ConfirmDialog title={t('webhooks.deleteWebhook')} detail={del.target.url} confirmLabel={t('common.delete')} action={del} />}
    </div>
  );
}
