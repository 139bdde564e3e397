import { useMemo, useState } from 'react';
import { errorMessage } from '../../lib/errors.js';
import { saveLayout } from './api.js';
import { gridLayout, layoutForSave, sameLayout } from './reportHelpers.js';

/**
 * The grid layout of a report: the saved one, the one on screen while panels move, and saving a move through
 * save_layout (when offered). -> {shown, setItems, save(layout), saveState: null|'saving'|'saved'|{error: the server's message}}
 */
export default function useLayout(report, setReport) {
  const links = (report && report.links) || {};
  const saved = useMemo(() => (report ? gridLayout(report.layout, report.metrics) : []), [report]);
  const [items, setItems] = useState(saved);
  const [seen, setSeen] = useState(saved);
  if (seen !== saved) {
    setSeen(saved);
    setItems(saved);
  }
  const [saveState, setSaveState] = useState(null);
  // Every panel always has its item: a new panel takes its saved place at once (never a 1 x 1 default).
  const shown = useMemo(() => {
    const have = new Map(items.map((it) => [String(it.i), it]));
    return saved.map((it) => have.get(it.i) || it);
  }, [items, saved]);

  const save = async (layout) => {
    setItems(layout);
    if (!links.save_layout || sameLayout(layout, saved)) return;
    setSaveState('saving');
    try {
      const layoutSaved = await saveLayout(links.save_layout, layoutForSave(layout));
      setReport({ ...report, layout: layoutSaved });
      setSaveState('saved');
    } catch (err) {
      setSaveState({ error: errorMessage(err) });
      setItems(saved);
    }
  };
  return { shown, setItems, save, saveState, canArrange: Boolean(links.save_layout) };
}
