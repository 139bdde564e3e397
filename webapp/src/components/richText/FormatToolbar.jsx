/** The editor's formatting toolbar: inline styles, block types (code block among them), Link and Unlink, a horizontal
 *  Rule and, where images can be uploaded, Image (pressed without losing the selection).
 *  A button's name is what it shows ('H1', '1. List', 'Unlink': what a voice user says to press it, WCAG 2.5.3), its
 *  title the longer words, read as its description; only a lone letter (B, I, U) is named by its word instead. */
import { RichUtils } from 'draft-js';

const INLINE = [
  ['BOLD', 'B', 'Bold', { fontWeight: 700 }],
  ['ITALIC', 'I', 'Italic', { fontStyle: 'italic' }],
  ['UNDERLINE', 'U', 'Underline', { textDecoration: 'underline' }],
];
const BLOCKS = [
  ['header-one', 'H1', 'Heading 1'],
  ['header-two', 'H2', 'Heading 2'],
  ['header-three', 'H3', 'Heading 3'],
  ['unordered-list-item', '• List', 'Bulleted list'],
  ['ordered-list-item', '1. List', 'Numbered list'],
  ['blockquote', 'Quote', 'Quote'],
  ['code-block', 'Code', 'Code block'],
];

const press = (fn) => (e) => { e.preventDefault(); fn(); };

export default function FormatToolbar({ state, update, onLink, onUnlink, onLinkActive, onRule, onImage }) {
  const style = state.getCurrentInlineStyle();
  const selection = state.getSelection();
  const blockType = state.getCurrentContent().getBlockForKey(selection.getStartKey()).getType();
  return (
    <div className="rte__toolbar" role="toolbar" aria-label="Formatting">
      {INLINE.map(([s, label, title, css]) => (
        <button key={s} type="button" className={style.has(s) ? 'rte__btn rte__btn--on' : 'rte__btn'} title={title}
          aria-label={title} aria-pressed={style.has(s)} style={css}
          onMouseDown={press(() => update(RichUtils.toggleInlineStyle(state, s)))}>{label}</button>
      ))}
      <span className="rte__sep" />
      {BLOCKS.map(([t, label, title]) => (
        <button key={t} type="button" className={blockType === t ? 'rte__btn rte__btn--on' : 'rte__btn'} title={title}
          aria-pressed={blockType === t}
          onMouseDown={press(() => update(RichUtils.toggleBlockType(state, t)))}>{label}</button>
      ))}
      <span className="rte__sep" />
      <button type="button" className={onLinkActive ? 'rte__btn rte__btn--on' : 'rte__btn'} title="Link" aria-label="Link"
        onMouseDown={press(onLink)}>Link</button>
      <button type="button" className="rte__btn" title="Remove link" disabled={!onLinkActive}
        onMouseDown={press(onUnlink)}>Unlink</button>
      <span className="rte__sep" />
      <button type="button" className="rte__btn" title="Horizontal rule" onMouseDown={press(onRule)}>Rule</button>
      {onImage && <button type="button" className="rte__btn" title="Insert an image (uploaded to the vault)" onMouseDown={press(onImage)}>Image</button>}
    </div>
  );
}
