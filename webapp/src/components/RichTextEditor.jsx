/**
 * The rich-text editor and viewer (draft-js). Stored content is a JSON string of a draft-js raw state;
 * it is only ever rendered through draft-js (text nodes, never HTML). A link entity is an <a href>
 * only when its URL is http(s) or mailto; any other link shows as plain text. Atomic blocks draw a horizontal
 * rule (HR) or a vault image (IMAGE, fetched with the user's token); a '/' on an empty line opens a block menu.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import {
  CompositeDecorator, ContentState, convertFromRaw, convertToRaw, Editor, EditorState, RichUtils,
} from 'draft-js';
import 'draft-js/dist/Draft.css';
import './RichTextEditor.css';
import { t } from '../lib/i18n.js';
import { isSafeUrl, isVaultImageSrc, normaliseLinkInput, normaliseRaw, rawText } from '../lib/richText.js';
import { blockRenderer, insertAtomic } from './richText/atomic.jsx';
import FormatToolbar from './richText/FormatToolbar.jsx';
import ImageBox from './richText/ImageBox.jsx';
import LinkBox from './richText/LinkBox.jsx';
import SlashMenu, { useSlashMenu } from './richText/SlashMenu.jsx';

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
  return <span className="rte__link rte__link--blocked" title={t('components.linkNotAllowed')} data-testid="blocked-link">{children}</span>;
}

const decorator = new CompositeDecorator([{ strategy: findLinks, component: LinkPart }]);

/** An EditorState for stored content (a raw-state JSON string, a raw object, or nothing). */
export function editorStateFrom(value) {
  if (value === null || value === undefined || value === '') return EditorState.createEmpty(decorator);
  const raw = normaliseRaw(value);
  try {
    return EditorState.createWithContent(convertFromRaw(raw), decorator);
  } catch {
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

/** Read-only rendering of stored content. */
export function RichTextView({ content, className = '', testId = 'rich-text-view' }) {
  const state = useMemo(() => editorStateFrom(content), [content]);
  return (
    <div className={`rte rte--view ${className}`} data-testid={testId}>
      <Editor editorState={state} onChange={() => {}} readOnly blockRendererFn={blockRenderer} />
    </div>
  );
}

/** The LINK entity under the cursor (or the start of the selection), or null. */
function linkAtCursor(state) {
  const selection = state.getSelection();
  const block = state.getCurrentContent().getBlockForKey(selection.getStartKey());
  const key = block.getEntityAt(Math.max(0, selection.getStartOffset() - (selection.isCollapsed() ? 1 : 0)));
  return key && state.getCurrentContent().getEntity(key).getType() === 'LINK' ? key : null;
}

/** The link box's life: open on the selection, apply a safe url as a LINK entity, or remove a link. */
function useLinkBox(state, update, focus) {
  const [box, setBox] = useState(null); // {url, error, selection}
  const open = () => {
    const selection = state.getSelection();
    if (selection.isCollapsed()) {
      setBox({ url: '', error: t('components.selectTextToLink'), selection });
      return;
    }
    const at = linkAtCursor(state);
    setBox({ url: at ? state.getCurrentContent().getEntity(at).getData().url || '' : '', error: null, selection });
  };
  const apply = () => {
    const url = normaliseLinkInput(box.url);
    if (!isSafeUrl(url)) {
      setBox({ ...box, error: t('components.onlySafeLinks') });
      return;
    }
    const content = state.getCurrentContent().createEntity('LINK', 'MUTABLE', { url });
    const next = RichUtils.toggleLink(EditorState.set(state, { currentContent: content }), box.selection, content.getLastCreatedEntityKey());
    update(EditorState.forceSelection(next, box.selection));
    setBox(null);
    setTimeout(focus, 0);
  };
  const remove = () => {
    if (!state.getSelection().isCollapsed()) update(RichUtils.toggleLink(state, state.getSelection(), null));
  };
  const cancel = () => { setBox(null); setTimeout(focus, 0); };
  const change = (url) => setBox({ ...box, url, error: null });
  return { box, open, apply, remove, cancel, change, close: () => setBox(null) };
}

/**
 * The image box's life: opened on a selection (the toolbar's, or where the '/' menu was), it uploads the file through
 * `onUploadImage(file, alt)` (which answers the image's vault URL) and places an IMAGE block there.
 */
function useImageBox(current, update, focus, onUploadImage) {
  const [at, setAt] = useState(null); // the selection the image goes to
  const open = (s) => setAt(s.getSelection());
  const insert = async (file, alt) => {
    const src = await onUploadImage(file, alt);
    if (!isVaultImageSrc(src)) throw new Error(t('components.imageNotPlaced'));
    update(insertAtomic(EditorState.forceSelection(current.current, at), 'IMAGE', { src, alt }));
    setAt(null);
    setTimeout(focus, 0);
  };
  const cancel = () => { setAt(null); setTimeout(focus, 0); };
  return { shown: !!at, open, insert, cancel };
}

/**
 * The editor: `value` is read once (remount with a new key to load other content); `onChange` receives
 * the EditorState on every change (use contentJson / isEmptyContent on it). With `onUploadImage(file, alt)`
 * (answering the uploaded file's vault download URL) it offers images too.
 */
export default function RichTextEditor({ value, onChange, placeholder = t('components.writeHere'), id, ariaLabel = t('components.content'),
  invalid = false, testId = 'rich-text-editor', onUploadImage }) {
  const [state, setState] = useState(() => editorStateFrom(value));
  const editor = useRef(null);
  const current = useRef(state); // the latest state, for an upload that ends after more typing
  const update = useCallback((next) => {
    current.current = next;
    setState(next);
    if (onChange) onChange(next);
  }, [onChange]);
  const focus = () => { if (editor.current) editor.current.focus(); };
  const link = useLinkBox(state, update, focus);
  const image = useImageBox(current, update, focus, onUploadImage);
  const box = useRef(null);
  const slash = useSlashMenu(state, update, { images: !!onUploadImage, onImage: image.open, host: box });

  const handleKeyCommand = (command, s) => {
    const next = RichUtils.handleKeyCommand(s, command);
    if (!next) return 'not-handled';
    update(next);
    return 'handled';
  };

  // Enter on an empty line of a code block leaves the block (as a new paragraph), as editors do.
  const handleReturn = (e, s) => {
    if (slash.editorProps.handleReturn(e, s) === 'handled') return 'handled';
    const block = s.getCurrentContent().getBlockForKey(s.getSelection().getStartKey());
    if (block.getType() !== 'code-block' || block.getText() !== '' || !s.getSelection().isCollapsed()) return 'not-handled';
    update(RichUtils.toggleBlockType(s, 'code-block'));
    return 'handled';
  };

  // Draft hides the placeholder when the first block is not a paragraph.
  const content = state.getCurrentContent();
  const hidePlaceholder = !content.hasText() && content.getBlockMap().first().getType() !== 'unstyled';

  return (
    <div className={`rte rte--edit${invalid ? ' rte--invalid' : ''}${hidePlaceholder ? ' rte--no-placeholder' : ''}`} data-testid={testId} ref={box}>
      <FormatToolbar state={state} update={update} onLink={link.open} onUnlink={link.remove} onLinkActive={!!linkAtCursor(state)}
        onRule={() => update(insertAtomic(state, 'HR'))} onImage={onUploadImage ? () => image.open(state) : null} />
      {link.box && (
        <LinkBox box={link.box} onChange={link.change} onApply={link.apply} onCancel={link.cancel} onEscape={link.close} />
      )}
      {image.shown && <ImageBox onInsert={image.insert} onCancel={image.cancel} />}
      <div className="rte__area" onClick={focus} role="presentation">
        <Editor ref={editor} editorState={state} onChange={update} handleKeyCommand={handleKeyCommand}
          blockRendererFn={blockRenderer} placeholder={placeholder} ariaLabel={ariaLabel} ariaMultiline editorKey={id}
          spellCheck {...slash.editorProps} handleReturn={handleReturn} />
      </div>
      {/* Beside the scrolling area, not in it: the list hangs over what follows instead of making the area scroll. */}
      {slash.menu && <SlashMenu menu={slash.menu} />}
    </div>
  );
}
