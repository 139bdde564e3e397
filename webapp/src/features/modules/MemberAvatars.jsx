import MemberAvatar from '../../components/MemberAvatar.jsx';
import { formatNumber, t } from '../../lib/i18n.js';

/** Member avatars (initials over the image), each opening the spec's popover (name, '(Admin)', role, e-mail,
 *  organisation, the four rights), with '+' when a member may be added. */
export default function MemberAvatars({ memberships = [], addLink, onAdd, max = 8 }) {
  const seen = new Set();
  const people = memberships.filter((m) => (seen.has(m.userId) ? false : seen.add(m.userId)));
  const shown = people.slice(0, max);
  return (
    <div className="members" data-testid="member-avatars">
      {shown.map((m) => (
        <span key={m.id} className="members__avatar"><MemberAvatar member={m} /></span>
      ))}
      {people.length > max && <span className="members__more">+{formatNumber(people.length - max)}</span>}
      {addLink && (
        <button type="button" className="members__add" title={addLink.label || t('modules.addUser')} aria-label={t('modules.addMember')}
          onClick={onAdd} data-testid="add-member">+</button>
      )}
    </div>
  );
}
