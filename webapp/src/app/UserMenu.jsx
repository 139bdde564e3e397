import { useCallback, useRef, useState } from 'react';
import { useSelector } from 'react-redux';
import { Link } from 'react-router-dom';
import Avatar from '../components/Avatar.jsx';
import useClickOutside from '../hooks/useClickOutside.js';
import useMenuKeys from '../hooks/useMenuKeys.js';
import { t } from '../lib/i18n.js';

/** Avatar (initials over the image), name, username, My Account, Edit Profile, My Portals, Logout. */
export default function UserMenu() {
  const user = useSelector((s) => s.user.item);
  const [open, setOpen] = useState(false);
  const ref = useRef(null);
  const panel = useRef(null);
  const button = useRef(null);
  const close = useCallback(() => setOpen(false), []);
  useClickOutside(ref, open, close);
  useMenuKeys(panel, button, open, close);
  const name = (user && user.name) || '';
  return (
    <div className="user-menu" ref={ref}>
      <button type="button" className="user-menu__toggle" onClick={() => setOpen(!open)} aria-haspopup="menu"
        aria-expanded={open} data-testid="user-menu" ref={button}>
        <Avatar name={name} src={user && user.avatar} size={34} />
        <span className="user-menu__name">{name}</span>
        <span className="user-menu__caret" aria-hidden="true">▾</span>
      </button>
      {open && (
        <div className="user-menu__panel" role="menu" aria-label={t('app.account')} ref={panel}>
          <div className="user-menu__who">
            <Avatar name={name} src={user && user.avatar} size={44} />
            <div>
              <div className="user-menu__fullname">{name}</div>
              <div className="user-menu__username">{user && (user.username || user.email)}</div>
            </div>
          </div>
          <Link role="menuitem" to="/profile" onClick={close}>{t('app.myAccount')}</Link>
          <Link role="menuitem" to="/profile/edit" onClick={close}>{t('app.editProfile')}</Link>
          <Link role="menuitem" to="/" onClick={close}>{t('app.myPortals')}</Link>
          <Link role="menuitem" to="/logout" className="user-menu__logout">{t('app.logout')}</Link>
        </div>
      )}
    </div>
  );
}
