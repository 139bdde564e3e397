import { useCallback, useEffect, useRef, useState } from 'react';
import useClickOutside from '../hooks/useClickOutside.js';
import Avatar from './Avatar.jsx';
import { t } from '../lib/i18n.js';
import { RIGHTS, rightLabel, yesNo } from '../lib/rights.js';
import './MemberAvatar.css';

/** Where the popover goes: below the avatar when there is room, else above (fixed coordinates). */
function placeNear(el) {
  const r = el.getBoundingClientRect();
  const below = window.innerHeight - r.bottom > 230;
  return below ? { top: r.bottom + 6, left: r.left } : { bottom: window.innerHeight - r.top + 6, left: r.left };
}

function MemberCard({ member: m, pos }) {
  return (
    <span className="member-pop__card" role="tooltip" data-testid="member-popover" style={pos}>
      <span className="member-pop__name">
        {m.name}{m.admin && <span className="member-pop__admin"> {t('components.adminMark')}</span>}
      </span>
      <span className="member-pop__row"><span>{t('components.role')}</span>{m.role || '—'}</span>
      <span className="member-pop__row"><span>{t('components.email')}</span>{m.userEmail || m.userName}</span>
      <span className="member-pop__row"><span>{t('components.organisation')}</span>{m.organisation || '—'}</span>
      <span className="member-pop__rights">
        {RIGHTS.map(([code, key]) => (
          <span key={key} className={m[key] ? 'member-pop__right is-yes' : 'member-pop__right'} data-testid={`right-${code}`}>
            <span>{rightLabel(code)}</span><strong>{yesNo(m[key])}</strong>
          </span>
        ))}
      </span>
    </span>
  );
}

/**
 * The avatar with its popover: name, '(Admin)', role, email, organisation, YES/NO for each right.
 * Hover or focus shows it, a click pins it (a press elsewhere, Escape or a scroll unpins it); fixed
 * coordinates keep a scrolling table from clipping it.
 */
export default function MemberAvatar({ member, size = 30 }) {
  const [pinned, setPinned] = useState(false);
  const [hover, setHover] = useState(false);
  const [pos, setPos] = useState(null);
  const ref = useRef(null);
  const unpin = useCallback(() => { setPinned(false); setHover(false); }, []); // Escape closes it even under the pointer
  useClickOutside(ref, pinned, unpin);
  useEffect(() => {
    if (!pinned) return undefined;
    window.addEventListener('scroll', unpin, true);
    return () => window.removeEventListener('scroll', unpin, true);
  }, [pinned, unpin]);
  const show = () => { if (ref.current) setPos(placeNear(ref.current)); setHover(true); };
  const open = pinned || hover;
  return (
    <span className="member-pop" ref={ref} onMouseEnter={show} onMouseLeave={() => setHover(false)}>
      <button type="button" className="member-pop__trigger" aria-expanded={open} aria-label={t('components.aboutMember', { name: member.name })}
        onFocus={show} onBlur={() => setHover(false)}
        onClick={() => { if (ref.current) setPos(placeNear(ref.current)); setPinned((p) => !p); }} data-testid="member-avatar">
        <Avatar name={member.name || member.userName} size={size} src={member.avatar || null} title={member.name} />
      </button>
      {open && pos && <MemberCard member={member} pos={pos} />}
    </span>
  );
}
