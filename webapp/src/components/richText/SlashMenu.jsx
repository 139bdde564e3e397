/**
 * The '/' command menu: '/' typed at the start of an empty paragraph opens a list of block kinds under the cursor;
 * letters typed after it filter the list, arrows move, Enter (or a click) turns the paragraph into that kind and
 * Escape closes it (the '/' stays as typed). The editor stays focused and acts as the list's combobox (role,
 * aria-expanded, aria-controls, aria-activedescendant), as in the WAI-ARIA combobox pattern.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { EditorState, Modifier, SelectionState } from 'draft-js';
import { t } from '../../lib/i18n.js';
import { insertAtomic } from './atomic.jsx';

/** The block kinds; a `label` is read in the reader's language (a getter), and what is typed filters by it. */
export const SLASH_ITEMS = [
  { id: 'h1', get label() { return t('components.heading1'); }, block: 'header-one' },
  { id: 'h2', get label() { return t('components.heading2'); }, block: 'header-two' },
  { id: 'h3', get label() { return t('components.heading3'); }, block: 'header-three' },
  { id: 'ul', get label() { return t('components.bulletedList'); }, block: 'unordered-list-item' },
  { id: 'ol', get label() { return t('components.numberedList'); }, block: 'ordered-list-item' },
  { id: 'quote', get label() { return t('components.quote'); }, block: 'blockquote' },
  { id: 'code', get label() { return t('components.codeBlock'); }, block: 'code-block' },
  { id: 'hr', get label() { return t('components.horizontalRule'); }, atomic: 'HR' },
  { id: 'image', get label() { return t('components.image'); }, image: true },
];

/** The items whose label holds what was typed after the '/' (the image only where images can be uploaded). */
export function slashItems(query, { images = false } = {}) {
  const q = String(query || '').trim().toLowerCase();
  return SLASH_ITEMS.filter((i) => (images || !i.image) && i.label.toLowerCase().includes(q));
}

/** The state with the block's typed '/…' removed and the cursor at its start. */
function withoutCommand(state, blockKey) {
  const content = state.getCurrentContent();
  const block = content.getBlockForKey(blockKey);
  const all = SelectionState.createEmpty(blockKey).merge({ anchorOffset: 0, focusOffset: block.getLength() });
  const cleared = Modifier.removeRange(content, all, 'backward');
  return EditorState.forceSelection(EditorState.push(state, cleared, 'remove-range'), SelectionState.createEmpty(blockKey));
}

/** What choosing an item does to the state ({state} to apply, and whether the image box is to open). */
export function applySlashItem(state, blockKey, item) {
  const clean = withoutCommand(state, blockKey);
  if (item.block) {
    const typed = Modifier.setBlockType(clean.getCurrentContent(), clean.getSelection(), item.block);
    return { state: EditorState.forceSelection(EditorState.push(clean, typed, 'change-block-type'), clean.getSelection()) };
  }
  if (item.atomic) return { state: insertAtomic(clean, item.atomic) };
  return { state: clean, image: true };
}

/**
 * The menu's life beside the editor: `editorProps` go to draft's Editor (key handlers, and the combobox's aria
 * attributes while open), `menu` (or null) to <SlashMenu>.
 */
export function useSlashMenu(state, update, { images = false, onImage, host } = {}) {
  const [menu, setMenu] = useState(null); // {blockKey, active, place}; left as is when the '/' goes (shown closed)
  const listId = useId();
  const selection = state.getSelection();
  const block = menu ? state.getCurrentContent().getBlockForKey(menu.blockKey) : null;
  const text = block ? block.getText() : '';
  const open = !!(block && selection.getStartKey() === menu.blockKey && selection.isCollapsed()
    && text.startsWith('/') && text.length <= 40 && block.getType() !== 'atomic');
  const items = open ? slashItems(text.slice(1), { images }) : [];
  const active = items.length ? Math.min(menu.active, items.length - 1) : -1;
  const optionId = (i) => `${listId}-opt-${i}`;

  const choose = (item, s = state) => {
    const out = applySlashItem(s, menu.blockKey, item);
    setMenu(null);
    update(out.state);
    if (out.image && onImage) onImage(out.state);
  };
  const move = (e, step) => {
    if (!open || !items.length) return;
    e.preventDefault();
    setMenu({ ...menu, active: (active + step + items.length) % items.length });
  };
  const editorProps = {
    handleBeforeInput: (chars, s) => {
      const sel = s.getSelection();
      const b = s.getCurrentContent().getBlockForKey(sel.getStartKey());
      if (chars === '/' && sel.isCollapsed() && b.getText() === '' && b.getType() !== 'atomic' && b.getType() !== 'code-block') {
        setMenu({ blockKey: b.getKey(), active: 0, place: blockPlace(host && host.current, b.getKey()) });
      }
      return 'not-handled';
    },
    onDownArrow: (e) => move(e, 1),
    onUpArrow: (e) => move(e, -1),
    onEscape: (e) => {
      if (!open) return;
      e.preventDefault();
      e.stopPropagation(); // only the menu closes, not a dialog around the editor
      setMenu(null);
    },
    onTab: () => { if (open) setMenu(null); },
    handleReturn: (e, s) => {
      if (!open || !items.length) return 'not-handled';
      choose(items[active], s);
      return 'handled';
    },
    ...(open && items.length ? {
      role: 'combobox', ariaExpanded: true, ariaControls: listId, ariaAutoComplete: 'list',
      ariaActiveDescendantID: optionId(active), ariaMultiline: undefined,
    } : {}),
  };
  return {
    editorProps,
    menu: open ? { items, active, listId, optionId, query: text.slice(1), choose, place: menu.place } : null,
  };
}

/** Where the block is, relative to `host` (the editor's box), to hang the list under it. */
function blockPlace(host, blockKey) {
  const el = host && host.querySelector(`[data-offset-key^="${blockKey}-"]`);
  if (!el) return null;
  const rect = el.getBoundingClientRect();
  const box = host.getBoundingClientRect();
  return { top: rect.bottom - box.top + 4, left: Math.max(8, Math.min(rect.left - box.left, box.width - 240)) };
}

/** The list itself (the editor holds the focus; a click chooses without taking it). */
export default function SlashMenu({ menu }) {
  const list = useRef(null);
  const { place } = menu;
  useEffect(() => {
    const el = list.current && list.current.querySelector('[aria-selected=true]');
    if (el && el.scrollIntoView) el.scrollIntoView({ block: 'nearest' });
  }, [menu.active]);
  const style = place ? { top: place.top, left: place.left } : undefined;
  if (!menu.items.length) {
    return <div className="rte__slash rte__slash--none" style={style} role="status">{t('components.noBlockKind', { query: menu.query })}</div>;
  }
  return (
    <ul className="rte__slash" style={style} role="listbox" id={menu.listId} aria-label={t('components.insertBlock')} ref={list} data-testid="slash-menu">
      {menu.items.map((item, i) => (
        <li key={item.id} id={menu.optionId(i)} role="option" aria-selected={i === menu.active}
          className={i === menu.active ? 'rte__slash-item rte__slash-item--on' : 'rte__slash-item'}
          onMouseDown={(e) => { e.preventDefault(); menu.choose(item); }}>
          {item.label}
        </li>
      ))}
    </ul>
  );
}
