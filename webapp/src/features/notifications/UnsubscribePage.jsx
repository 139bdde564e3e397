import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import Loading from '../../components/Loading.jsx';
import useFetch from '../../hooks/useFetch.js';
import { errorMessage } from '../../lib/errors.js';
import { describeUnsubscribe, unsubscribe } from './api.js';

/** /unsubscribe?token=: the link of a notification mail. Opening it changes nothing; the button stops the mails. */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') || '';
  const { status, data, error } = useFetch(token ? describeUnsubscribe : null, [token]);
  const [done, setDone] = useState(null);
  const [failure, setFailure] = useState(null);
  const stop = () => unsubscribe(token).then(setDone).catch((err) => setFailure(errorMessage(err)));
  let body;
  if (!token || status === 'failed') body = <p className="form__error" role="alert">{error || 'This unsubscribe link is not valid'}</p>;
  else if (status !== 'succeeded') body = <Loading inline />;
  else if (done) body = <p role="status" data-testid="unsubscribed">You will no longer get e-mails about: {done.label}.</p>;
  else {
    body = (
      <>
        <p>Stop e-mails about <strong>{data.label}</strong> to {data.email}?</p>
        {failure && <p className="form__error" role="alert">{failure}</p>}
        <button type="button" className="btn btn--primary" onClick={stop} data-testid="unsubscribe">Stop these e-mails</button>
      </>
    );
  }
  return (
    <div className="page page--narrow" data-testid="unsubscribe-page">
      <h1 className="page__title">E-mail notifications</h1>
      {body}
      <p className="muted">You can change every e-mail setting on your <Link to="/profile">profile</Link>.</p>
    </div>
  );
}
