import { useEffect, useRef, useState } from 'react';
import { callLink } from '../lib/links.js';
import { subscribe } from '../lib/live.js';

/**
 * Listen to a live channel while the component is shown (lib/live.js): `key` names it (null: none),
 * `getTicket()` resolves with its ticket, `onMessage(message)` hears each hint and {kind: 'open'}.
 * -> the stream's state: 'connecting' | 'live' | 'down' ('down' without a key).
 */
export default function useLive(key, getTicket, onMessage) {
  const [state, setState] = useState(key ? 'connecting' : 'down');
  const handler = useRef(onMessage);
  const ticket = useRef(getTicket);
  useEffect(() => {
    handler.current = onMessage;
    ticket.current = getTicket;
  });
  useEffect(() => {
    if (!key) return undefined;
    return subscribe(key, () => ticket.current(), (m) => handler.current(m), setState);
  }, [key]);
  return key ? state : 'down';
}

/** The live channel of a module, opened through its `live` link (the module page, its tabs). */
export function useModuleLive(module, onMessage) {
  const link = module && module.links && module.links.live;
  return useLive(link ? `module:${module.id}` : null, () => callLink(link).then((r) => r.data.item), onMessage);
}
