import { forwardRef, useId, useState } from 'react';
import Avatar from '../../components/Avatar.jsx';
import { t } from '../../lib/i18n.js';
import { insertMention, mentionQuery } from './mentions.js';
import useMentionOptions from './useMentionOptions.js';

function Options({ id, options, active, onPick }) {
  return (
    <ul className="mention-list" role="listbox" id={id} aria-label={t('discussion.peopleToMention')} data-testid="mention-options">
      {options.map((p, i) => (
        <li key={p.id} id={`${id}-${p.id}`} role="option" aria-selected={i === active} data-testid="mention-option"
          className={i === active ? 'mention-list__item mention-list__item--on' : 'mention-list__item'}
          onMouseDown={(e) => { e.preventDefault(); onPick(p); }}>
          <Avatar name={p.name} src={p.avatar} size={24} />
          <span>{p.name}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * A textarea that offers the people of `mentionUrl` when '@' is typed: ArrowDown/ArrowUp move, Enter or Tab pick,
 * Escape closes; the pick puts `@[Name](user:ID)` in the text. To assistive technology it stays a text box (the
 * combobox role is for one-line inputs, and not allowed on a textarea) that autocompletes from a list: it names the
 * list (`aria-controls`) and its active option (`aria-activedescendant`) while the list is open, and a status says
 * when people are offered.
 */
const MentionBox = forwardRef(function MentionBox({ value, onChange, mentionUrl, onKeyDown, ...props }, ref) {
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const [closedAt, setClosedAt] = useState(null); // Escape: closed until the '@' being typed changes
  const listId = `mentions${useId().replace(/:/g, '')}`;
  const found = mentionUrl ? mentionQuery(value, caret) : null;
  const asked = found && closedAt !== found.start ? found : null;
  const options = useMentionOptions(mentionUrl, asked ? asked.query : null);
  const open = !!asked && options.length > 0;
  const current = Math.min(active, Math.max(0, options.length - 1));

  const track = (e) => setCaret(e.target.selectionStart || 0);
  const pick = (person) => {
    const next = insertMention(value, asked.start, caret, person);
    onChange(next.text);
    setCaret(next.caret);
    setActive(0);
    requestAnimationFrame(() => {
      const el = ref && ref.current;
      if (el) { el.focus(); el.setSelectionRange(next.caret, next.caret); }
    });
  };
  const keys = (e) => {
    if (open && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
      e.preventDefault();
      setActive((current + (e.key === 'ArrowDown' ? 1 : options.length - 1)) % options.length);
      return;
    }
    if (open && (e.key === 'Enter' || e.key === 'Tab')) {
      e.preventDefault();
      pick(options[current]);
      return;
    }
    if (open && e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      setClosedAt(asked.start);
      return;
    }
    if (onKeyDown) onKeyDown(e);
  };
  // Without people to offer it stays a plain text box.
  const completes = mentionUrl ? {
    'aria-autocomplete': 'list', 'aria-controls': open ? listId : undefined,
    'aria-activedescendant': open ? `${listId}-${options[current].id}` : undefined,
  } : {};
  return (
    <div className="mention-box">
      <textarea ref={ref} {...props} {...completes} value={value}
        onChange={(e) => { onChange(e.target.value); track(e); setActive(0); }}
        onKeyUp={track} onClick={track} onSelect={track} onKeyDown={keys} />
      {open && <Options id={listId} options={options} active={current} onPick={pick} />}
      {mentionUrl && (
        <span className="sr-only" role="status" data-testid="mention-status">
          {open ? t('discussion.mentionStatus', { count: options.length }) : ''}
        </span>
      )}
    </div>
  );
});

export default MentionBox;
