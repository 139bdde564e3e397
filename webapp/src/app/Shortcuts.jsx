import { useEffect, useRef, useState } from 'react';
import { useSelector } from 'react-redux';
import { useLocation, useNavigate } from 'react-router-dom';
import Modal from '../components/Modal.jsx';
import { portalHref } from '../lib/format.js';
import { t } from '../lib/i18n.js';

/** The shortcuts as [keys, what they do], in the current language. */
export const shortcuts = () => [
  ['/', t('common.search')],
  ['?', t('app.shortcutsList')],
  [t('app.keysThen', { first: 'g', second: 'p' }), t('app.shortcutPortals')],
  [t('app.keysThen', { first: 'g', second: 't' }), t('app.shortcutTasks')],
  ['Escape', t('app.shortcutEscape')],
  ['Ctrl+Enter', t('app.shortcutPost')],
  [t('app.keysMoveHandle', { keys: '↑ ↓' }), t('app.shortcutMove')],
  ['j / k', t('app.shortcutPeek')],
];
const SEQUENCE_MS = 1500;

export const typing = (el) => !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));

const PORTAL_PATH = /^\/(portal|peb|calibr)\/(\d+)/;
const inPortal = (pathname) => PORTAL_PATH.test(pathname);

/** My tasks: the all-tasks page of the portal on screen (else the first of mine), filtered to what I own. */
export function myTasksUrl(pathname, portals, me) {
  const mine = me && me.id ? `?owner=${me.id}` : '';
  const m = PORTAL_PATH.exec(pathname);
  if (m) return `/${m[1]}/${m[2]}/tasks-all${mine}`;
  const first = (portals || [])[0];
  return first ? `${portalHref(first)}/tasks-all${mine}` : '/';
}

/**
 * The keyboard shortcuts of the signed-in app (issue 15): '?' lists them all, 'g p' and 'g t' go to my portals and
 * my tasks ('/' is the search box's own, features/search). None fires while typing in a field.
 */
export default function Shortcuts() {
  const [help, setHelp] = useState(false);
  const pending = useRef(0);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const portals = useSelector((s) => s.portals.list);
  const portalsLoaded = useSelector((s) => ['succeeded', 'failed'].includes(s.portals.status));
  const me = useSelector((s) => s.user.item);
  // 'g t' outside a portal before the portal list has loaded: go once it has (the first portal is not known yet).
  const tasksWanted = useRef(false);
  useEffect(() => {
    if (tasksWanted.current && portalsLoaded) {
      tasksWanted.current = false;
      navigate(myTasksUrl(pathname, portals, me));
    }
  }, [portalsLoaded, navigate, pathname, portals, me]);
  useEffect(() => {
    const onKey = (e) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return;
      if (Date.now() - pending.current < SEQUENCE_MS && (e.key === 'p' || e.key === 't')) {
        pending.current = 0;
        e.preventDefault();
        if (e.key === 'p') navigate('/');
        else if (!inPortal(pathname) && !portalsLoaded) tasksWanted.current = true;
        else navigate(myTasksUrl(pathname, portals, me));
      } else if (e.key === 'g') pending.current = Date.now();
      else if (e.key === '?') { e.preventDefault(); setHelp(true); }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [navigate, pathname, portals, portalsLoaded, me]);
  if (!help) return null;
  return (
    <Modal title={t('app.keyboardShortcuts')} onClose={() => setHelp(false)}>
      <dl className="shortcuts" data-testid="shortcuts">
        {shortcuts().map(([keys, what]) => (
          <div key={keys} className="shortcuts__row"><dt><kbd>{keys}</kbd></dt><dd>{what}</dd></div>
        ))}
      </dl>
    </Modal>
  );
}
