/** The editor's formatting toolbar: inline styles, block types (code block among them), Link and Unlink, a horizontal
 *  Rule and, where images can be uploaded, Image (pressed without losing the selection).
 *  A button's name is what it shows ('H1', '1. List', 'Unlink': what a voice user says to press it, WCAG 2.5.3), its
 *  title the longer words, read as its description; only a lone letter (B, I, U) is named by its word instead. */
import { RichUtils } from 'draft-js';
import { t } from '../../lib/i18n.js';

/** [style, label, title, css] of the inline style buttons, in the reader's language. */
const inline = () => [
  ['BOLD', t('components.boldShort'), t('components.bold'), { fontWeight: 700 }],
  ['ITALIC', t('components.italicShort'), t('components.italic'), { fontStyle: 'italic' }],
  ['UNDERLINE', t('components.underlineShort'), t('components.underline'), { textDecoration: 'underline' }],
];
/** [block type, label, title] of the block type buttons. */
const blocks = () => [
  ['header-one', t('components.heading1Short'), t('components.heading1')],
  ['header-two', t('components.heading2Short'), t('components.heading2')],
  ['header-three', t('components.heading3Short'), t('components.heading3')],
  ['unordered-list-item', t('components.bulletedListShort'), t('components.bulletedList')],
  ['ordered-list-item', t('components.numberedListShort'), t('components.numberedList')],
  ['blockquote', t('components.quote'), t('components.quote')],
  ['code-block', t('components.codeBlockShort'), t('components.codeBlock')],
];

const press = (fn) => (e) => { e.preventDefault(); fn(); };

export default function FormatToolbar({ state, update, onLink, onUnlink, onLinkActive, onRule, onImage }) {
  const style = state.getCurrentInlineStyle();
  const selection = state.getSelection();
  const blockType = state.getCurrentContent().getBlockForKey(selection.getStartKey()).getType();
  return (
    <div className="rte__toolbar" role="toolbar" aria-label={t('components.formatting')}>
      {inline().map(([s, label, title, css]) => (
        <button key={s} type="button" className={style.has(s) ? 'rte__btn rte__btn--on' : 'rte__btn'} title={title}
          aria-label={title} aria-pressed={style.has(s)} style={css}
          onMouseDown={press(() => update(RichUtils.toggleInlineStyle(state, s)))}>{label}</button>
      ))}
      <span className="rte__sep" />
      {blocks().map(([type, label, title]) => (
        <button key={type} type="button" className={blockType === type ? 'rte__btn rte__btn--on' : 'rte__btn'} title={title}
          aria-pressed={blockType === type}
          onMouseDown={press(() => update(RichUtils.toggleBlockType(state, type)))}>{label}</button>
      ))}
      <span className="rte__sep" />
      <button type="button" className={onLinkActive ? 'rte__btn rte__btn--on' : 'rte__btn'} title={t('components.link')}
        aria-label={t('components.link')} onMouseDown={press(onLink)}>{t('components.link')}</button>
      <button type="button" className="rte__btn" title={t('components.removeLink')} disabled={!onLinkActive}
        onMouseDown={press(onUnlink)}>{t('components.unlink')}</button>
      <span className="rte__sep" />
      <button type="button" className="rte__btn" title={t('components.horizontalRule')} onMouseDown={press(onRule)}>{t('components.rule')}</button>
      {onImage && (
        <button type="button" className="rte__btn" title={t('components.insertImageVault')} onMouseDown={press(onImage)}>
          {t('components.image')}
        </button>
      )}
    </div>
  );
}
