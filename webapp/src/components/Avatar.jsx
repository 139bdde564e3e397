import { useEffect, useState } from 'react';
import { initials } from '../lib/format.js';
import { loadAvatar, onAvatarRefresh } from '../lib/images.js';

const PALETTE = ['#0b6e4f', '#1d5fa8', '#8e44ad', '#c0392b', '#d35400', '#16a085', '#2c3e50', '#7f8c8d'];

function colourFor(name) {
  let h = 0;
  for (const c of String(name || '')) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return PALETTE[h % PALETTE.length];
}

const isInline = (src) => /^(data:|blob:)/.test(src);

/** Initials over an avatar image (the image hides the initials once it has loaded). */
export default function Avatar({ name, src, size = 32, title, className = '' }) {
  const [version, setVersion] = useState(0);
  const [loaded, setLoaded] = useState({ key: null, url: null }); // the image of one src and version
  const key = `${version}:${src}`;
  useEffect(() => {
    if (!src) return undefined;
    return onAvatarRefresh((changed) => { if (changed === src) setVersion((n) => n + 1); });
  }, [src]);
  useEffect(() => {
    if (!src || isInline(src)) return undefined;
    let live = true;
    loadAvatar(src).then((u) => { if (live && u) setLoaded({ key, url: u }); });
    return () => { live = false; };
  }, [src, key]);
  let url = null;
  if (src && isInline(src)) url = loaded.key === key && loaded.url === null ? null : src;
  else if (loaded.key === key) url = loaded.url;
  return (
    <span className={`avatar ${className}`} title={title || name}
      style={{ width: size, height: size, fontSize: Math.round(size * 0.36), background: colourFor(name) }}
      data-testid="avatar">
      {/* Drawn by CSS from the attribute: a button around an avatar is named by its label, not by the initials. */}
      <span className="avatar__initials" data-initials={initials(name)} aria-hidden="true" />
      {url && <img className="avatar__img" src={url} alt="" onError={() => setLoaded({ key, url: null })} />}
    </span>
  );
}
