/** What the preview pane shows of a file, by its preview mode (issue 47), and how far its text was read. */
import { useEffect, useState } from 'react';
import Loading from '../../components/Loading.jsx';
import { errorMessage } from '../../lib/errors.js';
import { t } from '../../lib/i18n.js';
import { extractText, fileText, previewTicket } from './api.js';

/** Follow a read link once per address: {data, error}; nothing while `link` is missing. */
function useLinkRead(link, read) {
  const url = link ? link.url : null;
  const [got, setGot] = useState({ url: null, data: null, error: null });
  useEffect(() => {
    if (!url) return undefined;
    let live = true;
    read(link)
      .then((data) => { if (live) setGot({ url, data, error: null }); })
      .catch((err) => { if (live) setGot({ url, data: null, error: errorMessage(err) }); });
    return () => { live = false; };
    // Once per address: a polled file brings a new link object with the same address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url, read]);
  return got.url === url ? got : { data: null, error: null };
}

const NoPreview = () => <p className="vault-preview__none" data-testid="preview-none">{t('vault.noPreview')}</p>;

/**
 * An image, a PDF or a text file through a fresh ticket (asked each time the pane opens): the PDF in the browser's
 * own viewer (a sandboxed frame stops it; the server's CSP keeps scripts out), a text file in a sandboxed frame.
 */
function TicketView({ file, mode, page }) {
  const { data, error } = useLinkRead(file.links.preview, previewTicket);
  if (error) return <div className="form__error" role="alert">{error}</div>;
  if (!data) return <Loading inline />;
  if (mode === 'image') return <img className="vault-preview__image" src={data.url} alt={file.title} data-testid="preview-image" />;
  if (mode === 'pdf') {
    return <iframe className="vault-preview__frame" src={page ? `${data.url}#page=${page}` : data.url} title={file.title} data-testid="preview-pdf" />;
  }
  return <iframe className="vault-preview__frame" sandbox="" src={data.url} title={file.title} data-testid="preview-text-frame" />;
}

/** An office document: its extracted text in one block (up to a million characters: no element per line). */
function OfficeText({ file }) {
  const link = file.links.text;
  const { data, error } = useLinkRead(link, fileText);
  if (!link) return file.textState === 'pending' ? null : <NoPreview />;
  if (error) return <div className="form__error" role="alert">{error}</div>;
  if (!data) return <Loading inline />;
  return (
    // A tab stop: a long text scrolls from the keyboard too (axe scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="vault-preview__text" data-testid="preview-text" role="region" tabIndex={0}
      aria-label={t('vault.textOf', { title: file.title })}>
      {data.text}
    </div>
  );
}

export function PreviewBody({ file, mode, page }) {
  const links = file.links || {};
  if (mode === 'office') return <OfficeText file={{ ...file, links }} />;
  if (mode === 'none' || !links.preview) return <NoPreview />;
  return <TicketView file={{ ...file, links }} mode={mode} page={mode === 'pdf' ? page : null} />;
}

/** Reading failed: the server's sentence, and Try again for who may (the extract link). */
function TextFailed({ file, onChanged }) {
  const [state, setState] = useState({ busy: false, error: null });
  const link = file.links && file.links.extract;
  const retry = () => {
    setState({ busy: true, error: null });
    extractText(link)
      .then((item) => { setState({ busy: false, error: null }); onChanged(item); })
      .catch((err) => setState({ busy: false, error: errorMessage(err) }));
  };
  return (
    <div className="vault-note vault-note--failed" data-testid="text-failed">
      <span>{file.textError || t('vault.textFailed')}</span>
      {link && (
        <button type="button" className="btn btn--small" data-testid="preview-retry" onClick={retry} disabled={state.busy}>
          {t('vault.tryAgain')}
        </button>
      )}
      {state.error && <span className="form__error" role="alert">{state.error}</span>}
    </div>
  );
}

/** How far the file's text was read: being read, read in part, or failed (with its retry). A live region. */
export function TextState({ file, onChanged }) {
  const s = file.textState;
  return (
    <div className="vault-preview__state" role="status">
      {s === 'pending' && <p className="vault-note" data-testid="text-pending">{t('vault.textPending')}</p>}
      {s === 'partial' && <p className="vault-note" data-testid="text-partial">{t('vault.textPartial')}</p>}
      {s === 'failed' && <TextFailed file={file} onChanged={onChanged} />}
    </div>
  );
}
