/**
 * The rich-text editor and viewer (draft-js). Stored content is a JSON string of a draft-js raw state;
 * it is only ever rendered through draft-js (text nodes, never HTML). A link entity is an <a href>
 * only when its URL is http(s) or mailto; any other link shows as plain text.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import {
  CompositeDecorator, ContentState, convertFromRaw, convertToRaw, Editor, EditorState, RichUtils,
} from 'draft-js';
import 'draft-js/dist/Draft.css';
import './RichTextEditor.css';
import { isSafeUrl, normaliseLinkInput, normaliseRaw, rawText } from '../lib/richText.js';

function findLinks(block, callback, contentState) {
  block.findEntityRanges((ch) => {
    const key = ch.getEntity();
    return key !== null && contentState.getEntity(key).getType() === 'LINK';
  }, callback);
}

function LinkPart({ contentState, entityKey, children }) {
  const data = contentState.getEntity(entityKey).getData() || {};
  if (typeof data.url === 'string' && isSafeUrl(data.url)) {
    return (
      <a href={data.url.trim()} className="rte__link" target="_blank" rel="noopener noreferrer nofollow" title={data.url}>
        {children}
      </a>
    );
  }
  return <span className="rte__link rte__link--blocked" title="This link is not allowed" data-testid="blocked-link">{children}</span>;
}

const decorator = new CompositeDecorator([{ strategy: findLinks, component: LinkPart }]);

/** An EditorState for stored content (a raw-state JSON string, a raw object, or nothing). */
export function editorStateFrom(value) {
  if (value === null || value === undefined || value === '') return EditorState.createEmpty(decorator);
  const raw = normaliseRaw(value);
  try {
    return EditorState.createWithContent(convertFromRaw(raw), decorator);
  } catch (e) {
    return EditorState.createWithContent(ContentState.createFromText(rawText(raw)), decorator);
  }
}

/** The JSON string of an EditorState's content (what the API stores). */
export function contentJson(editorState) {
  return JSON.stringify(convertToRaw(editorState.getCurrentContent()));
}

export function isEmptyContent(editorState) {
  return !editorState.getCurrentContent().hasText();
}

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
];

/** Read-only rendering of stored content. */
export function RichTextView({ content, className = '', testId = 'rich-text-view' }) {
  const state = useMemo(() => editorStateFrom(content), [content]);
  return (
    <div className={`rte rte--view ${className}`} data-testid={testId}>
      <Editor editorState={state} onChange={() => {}} readOnly />
    </div>
  );
}

/**
 * The editor: `value` is read once (remount with a new key to load other content); `onChange` receives
 * the EditorState on every change (use contentJson / isEmptyContent on it).
 */
export default function RichTextEditor({ value, onChange, placeholder = 'Write here…', id, ariaLabel = 'Content',
  invalid = false, testId = 'rich-text-editor' }) {
  const [state, setState] = useState(() => editorStateFrom(value));
  const [linkBox, setLinkBox] = useState(null); // {url, error, selection}
  const editor = useRef(null);

  const update = useCallback((next) => {
    setState(next);
    if (onChange) onChange(next);
  }, [onChange]);

  const focus = () => { if (editor.current) editor.current.focus(); };

  const handleKeyCommand = (command, s) => {
    const next = RichUtils.handleKeyCommand(s, command);
    if (next) {
      update(next);
      return 'handled';
    }
    return 'not-handled';
  };

  const style = state.getCurrentInlineStyle();
  const selection = state.getSelection();
  const blockType = state.getCurrentContent().getBlockForKey(selection.getStartKey()).getType();
  const entityAtCursor = (() => {
    const block = state.getCurrentContent().getBlockForKey(selection.getStartKey());
    const key = block.getEntityAt(Math.max(0, selection.getStartOffset() - (selection.isCollapsed() ? 1 : 0)));
    return key && state.getCurrentContent().getEntity(key).getType() === 'LINK' ? key : null;
  })();

  const press = (fn) => (e) => { e.preventDefault(); fn(); };

  const openLink = () => {
    if (selection.isCollapsed()) {
      setLinkBox({ url: '', error: 'Select the text to link first', selection });
      return;
    }
    let url = '';
    if (entityAtCursor) url = state.getCurrentContent().getEntity(entityAtCursor).getData().url || '';
    setLinkBox({ url, error: null, selection });
  };

  const applyLink = () => {
    const url = normaliseLinkInput(linkBox.url);
    if (!isSafeUrl(url)) {
      setLinkBox({ ...linkBox, error: 'Only http(s) and mailto links are allowed' });
      return;
    }
    const content = state.getCurrentContent().createEntity('LINK', 'MUTABLE', { url });
    const key = content.getLastCreatedEntityKey();
    let next = EditorState.set(state, { currentContent: content });
    next = RichUtils.toggleLink(next, linkBox.selection, key);
    update(EditorState.forceSelection(next, linkBox.selection));
    setLinkBox(null);
    setTimeout(focus, 0);
  };

  const removeLink = () => {
    if (selection.isCollapsed()) return;
    update(RichUtils.toggleLink(state, selection, null));
  };

  // Draft hides the placeholder when the first block is not a paragraph.
  const content = state.getCurrentContent();
  const hidePlaceholder = !content.hasText() && content.getBlockMap().first().getType() !== 'unstyled';

  return (
    <div className={`rte rte--edit${invalid ? ' rte--invalid' : ''}${hidePlaceholder ? ' rte--no-placeholder' : ''}`} data-testid={testId}>
      <div className="rte__toolbar" role="toolbar" aria-label="Formatting">
        {INLINE.map(([s, label, title, css]) => (
          <button key={s} type="button" className={style.has(s) ? 'rte__btn rte__btn--on' : 'rte__btn'} title={title}
            aria-label={title} aria-pressed={style.has(s)} style={css}
            onMouseDown={press(() => update(RichUtils.toggleInlineStyle(state, s)))}>{label}</button>
        ))}
        <span className="rte__sep" />
        {BLOCKS.map(([t, label, title]) => (
          <button key={t} type="button" className={blockType === t ? 'rte__btn rte__btn--on' : 'rte__btn'} title={title}
            aria-label={title} aria-pressed={blockType === t}
            onMouseDown={press(() => update(RichUtils.toggleBlockType(state, t)))}>{label}</button>
        ))}
        <span className="rte__sep" />
        <button type="button" className={entityAtCursor ? 'rte__btn rte__btn--on' : 'rte__btn'} title="Link" aria-label="Link"
          onMouseDown={press(openLink)}>Link</button>
        <button type="button" className="rte__btn" title="Remove link" aria-label="Remove link" disabled={!entityAtCursor}
          onMouseDown={press(removeLink)}>Unlink</button>
      </div>
      {linkBox && (
        <div className="rte__linkbox">
          <input type="text" value={linkBox.url} placeholder="https://…" aria-label="Link URL" autoFocus
            onChange={(e) => setLinkBox({ ...linkBox, url: e.target.value, error: null })}
            onKeyDown={(e) => {
              if (e.key === 'Enter') { e.preventDefault(); applyLink(); }
              if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); setLinkBox(null); }
            }} />
          <button type="button" className="btn btn--tiny btn--primary" onClick={applyLink}
            disabled={linkBox.selection.isCollapsed()}>Apply</button>
          <button type="button" className="btn btn--tiny" onClick={() => { setLinkBox(null); setTimeout(focus, 0); }}>Cancel</button>
          {linkBox.error && <span className="field__error">{linkBox.error}</span>}
        </div>
      )}
      <div className="rte__area" onClick={focus} role="presentation">
        <Editor ref={editor} editorState={state} onChange={update} handleKeyCommand={handleKeyCommand}
          placeholder={placeholder} ariaLabel={ariaLabel} ariaMultiline editorKey={id} spellCheck />
      </div>
    </div>
  );
}
