/**
 * A search hit that lives in a row or a thread (`?hit=file-12`, `reference-3`, `comment-40`: features/search
 * hits.js) is brought into view and outlined once its tab has drawn it (the tabs load their data themselves; a
 * comment on an older page of the discussion is not drawn, and then nothing is outlined).
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

const TARGETS = {
  file: (id) => `[data-testid=file-row][data-id="${id}"]`,
  reference: (id) => `[data-testid=reference-row][data-id="${id}"]`,
  comment: (id) => `[data-comment-id="${id}"] > [data-testid=comment-body]`,
};
const WAIT_MS = 8000;

export default function HitFocus() {
  const { search } = useLocation();
  const hit = new URLSearchParams(search).get('hit') || '';
  useEffect(() => {
    const m = /^(file|reference|comment)-(\d+)$/.exec(hit);
    if (!m) return undefined;
    const selector = TARGETS[m[1]](m[2]);
    let timer = null;
    let found = null;
    const find = () => {
      found = document.querySelector(selector);
      if (!found) return false;
      found.classList.add('hit-target');
      found.setAttribute('data-hit-target', '');
      found.scrollIntoView({ block: 'center' });
      return true;
    };
    const observer = new MutationObserver(() => { if (find()) stop(); });
    const stop = () => { observer.disconnect(); clearTimeout(timer); };
    if (!find()) {
      observer.observe(document.body, { childList: true, subtree: true });
      timer = setTimeout(stop, WAIT_MS);
    }
    return () => {
      stop();
      if (found) {
        found.classList.remove('hit-target');
        found.removeAttribute('data-hit-target');
      }
    };
  }, [hit]);
  return null;
}
