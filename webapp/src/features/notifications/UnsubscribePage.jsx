import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import Loading from '../../components/Loading.jsx';
import useFetch from '../../hooks/useFetch.js';
import { errorMessage } from '../../lib/errors.js';
import { describeUnsubscribe, unsubscribe } from './api.js';
import { t } from '../../lib/i18n.js';

/** /unsubscribe?token=: the link of a notification mail. Opening it changes nothing; the button stops the mails. */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') || '';
  const { status, data, error } = useFetch(token ? describeUnsubscribe : null, [token]);
  const [done, setDone] = useState(null);
  const [failure, setFailure] = useState(null);
  const stop = () => unsubscribe(token).then(setDone).catch((err) => setFailure(errorMessage(err)));
  let body;
  if (!token || status === 'failed') body = <p className="form__error" role="alert">{error || t('public.unsubscribeInvalid')}</p>;
  else if (status !== 'succeeded') body = <Loading inline />;
  else if (done) body = <p role="status" data-testid="unsubscribed">{t('public.unsubscribed', { label: done.label })}</p>;
  else {
    body = (
      <>
        <p>{t('public.unsubscribeQuestion', { label: <strong key="label">{data.label}</strong>, email: data.email })}</p>
        {failure && <p className="form__error" role="alert">{failure}</p>}
        <button type="button" className="btn btn--primary" onClick={stop} data-testid="unsubscribe">{t('public.stopEmails')}</button>
      </>
    );
  }
  return (
    <div className="page page--narrow" data-testid="unsubscribe-page">
      <h1 className="page__title">{t('public.emailNotifications')}</h1>
      {body}
      <p className="muted">{t('public.changeSettings', { profile: <Link key="profile" to="/profile">{t('public.profileLink')}</Link> })}</p>
    </div>
  );
}
