import { act, render, renderHook, screen } from '@testing-library/react';
import { useState } from 'react';
import { convertFromRaw, convertToRaw, EditorState, SelectionState } from 'draft-js';
import { describe, expect, test, vi } from 'vitest';
import SlashMenu, { SLASH_ITEMS, slashItems, useSlashMenu } from './SlashMenu.jsx';

/** An editor state of one paragraph (always the same block) of `text`, the cursor at its end. */
function typed(text, prev) {
  const content = convertFromRaw({ blocks: [{ key: 'k', text, type: 'unstyled' }], entityMap: {} });
  const key = 'k';
  const base = prev ? EditorState.push(prev, content, 'insert-characters') : EditorState.createWithContent(content);
  return EditorState.forceSelection(base, SelectionState.createEmpty(key).merge({ anchorOffset: text.length, focusOffset: text.length }));
}

/** The hook beside a state the test types into ('' first, then a '/' through handleBeforeInput). */
function useHarness(opts) {
  const [state, setState] = useState(() => typed(''));
  return { state, setState, ...useSlashMenu(state, setState, opts) };
}

function openWith(result, query = '') {
  act(() => { result.current.editorProps.handleBeforeInput('/', result.current.state); });
  act(() => { result.current.setState(typed(`/${query}`, result.current.state)); });
}

const key = () => ({ preventDefault: vi.fn(), stopPropagation: vi.fn() });
const rawOf = (s) => convertToRaw(s.getCurrentContent());

describe('the / menu', () => {
  test('lists the block kinds, the image only where images can be uploaded, filtered by what follows the /', () => {
    expect(slashItems('').map((i) => i.label)).toEqual(SLASH_ITEMS.filter((i) => !i.image).map((i) => i.label));
    expect(slashItems('', { images: true }).map((i) => i.label)).toContain('Image');
    expect(slashItems('CODE').map((i) => i.label)).toEqual(['Code block']);
    expect(slashItems('head').map((i) => i.label)).toEqual(['Heading 1', 'Heading 2', 'Heading 3']);
  });

  test('opens on a / at the start of an empty line only; the editor becomes its combobox', () => {
    const { result } = renderHook(() => useHarness({ images: true }));
    expect(result.current.menu).toBeNull();
    expect(result.current.editorProps.role).toBeUndefined();
    // A '/' inside words opens nothing.
    act(() => { result.current.setState(typed('a')); });
    act(() => { result.current.editorProps.handleBeforeInput('/', result.current.state); });
    act(() => { result.current.setState(typed('a/')); });
    expect(result.current.menu).toBeNull();
    act(() => { result.current.setState(typed('')); });
    openWith(result);
    const { menu, editorProps } = result.current;
    expect(menu.items).toHaveLength(SLASH_ITEMS.length);
    expect(editorProps).toMatchObject({ role: 'combobox', ariaExpanded: true, ariaControls: menu.listId, ariaAutoComplete: 'list' });
    expect(editorProps.ariaActiveDescendantID).toBe(menu.optionId(0));
    expect(editorProps.ariaMultiline).toBeUndefined();
  });

  test('arrows move the highlighted option (wrapping); Enter turns the line into a code block', () => {
    const { result } = renderHook(() => useHarness());
    openWith(result, 'co');
    expect(result.current.menu.items.map((i) => i.label)).toEqual(['Code block']);
    act(() => { result.current.setState(typed('/', result.current.state)); });
    const e = key();
    act(() => { result.current.editorProps.onDownArrow(e); });
    expect(e.preventDefault).toHaveBeenCalled();
    expect(result.current.menu.active).toBe(1);
    act(() => { result.current.editorProps.onUpArrow(key()); });
    act(() => { result.current.editorProps.onUpArrow(key()); });
    expect(result.current.menu.items[result.current.menu.active].label).toBe('Horizontal rule');
    act(() => { result.current.setState(typed('/code', result.current.state)); });
    let handled;
    act(() => { handled = result.current.editorProps.handleReturn(key(), result.current.state); });
    expect(handled).toBe('handled');
    expect(result.current.menu).toBeNull();
    const raw = rawOf(result.current.state);
    expect(raw.blocks.map((b) => [b.type, b.text])).toEqual([['code-block', '']]);
  });

  test('Horizontal rule puts an HR atomic block in place of the line, a paragraph after it', () => {
    const { result } = renderHook(() => useHarness());
    openWith(result, 'rule');
    act(() => { result.current.editorProps.handleReturn(key(), result.current.state); });
    const raw = rawOf(result.current.state);
    expect(raw.blocks.map((b) => b.type)).toEqual(['atomic', 'unstyled']);
    expect(raw.entityMap[raw.blocks[0].entityRanges[0].key].type).toBe('HR');
    expect(raw.blocks[1].text).toBe('');
  });

  test('Image clears the line and asks for the image; Escape closes and keeps the /; Enter is the editor\'s when closed', () => {
    const onImage = vi.fn();
    const { result } = renderHook(() => useHarness({ images: true, onImage }));
    openWith(result, 'ima');
    act(() => { result.current.editorProps.handleReturn(key(), result.current.state); });
    expect(onImage).toHaveBeenCalledTimes(1);
    expect(rawOf(result.current.state).blocks[0].text).toBe('');

    openWith(result);
    const e = key();
    act(() => { result.current.editorProps.onEscape(e); });
    expect(e.stopPropagation).toHaveBeenCalled();
    expect(result.current.menu).toBeNull();
    expect(rawOf(result.current.state).blocks[0].text).toBe('/');
    expect(result.current.editorProps.handleReturn(key(), result.current.state)).toBe('not-handled');
  });

  test('renders a labelled listbox with the highlighted option selected, or says nothing matches; a click chooses', () => {
    const choose = vi.fn();
    const items = slashItems('');
    const menu = { items, active: 2, listId: 'l1', optionId: (i) => `l1-${i}`, query: '', choose, place: { top: 30, left: 8 } };
    const { rerender } = render(<SlashMenu menu={menu} />);
    const list = screen.getByRole('listbox', { name: 'Insert a block' });
    expect(list.id).toBe('l1');
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(items.map((i) => i.label));
    expect(screen.getByRole('option', { selected: true }).id).toBe('l1-2');
    act(() => { options[6].dispatchEvent(new MouseEvent('mousedown', { bubbles: true })); });
    expect(choose).toHaveBeenCalledWith(items[6]);
    rerender(<SlashMenu menu={{ ...menu, items: [], query: 'zz' }} />);
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('zz');
  });
});
