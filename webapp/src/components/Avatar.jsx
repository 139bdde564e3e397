import { useEffect, useState } from 'react';
import { initials } from '../lib/format.js';
import { fetchBlobUrl } from '../lib/apiClient.js';

const PALETTE = ['#0b6e4f', '#1d5fa8', '#8e44ad', '#c0392b', '#d35400', '#16a085', '#2c3e50', '#7f8c8d'];

function colourFor(name) {
  let h = 0;
  for (const c of String(name || '')) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return PALETTE[h % PALETTE.length];
}

/** Initials over an avatar image (the image hides the initials once it has loaded). */
export default function Avatar({ name, src, size = 32, title, className = '' }) {
  const [url, setUrl] = useState(null);
  useEffect(() => {
    let live = true;
    let made = null;
    setUrl(null);
    if (src) {
      if (/^(data:|blob:)/.test(src)) setUrl(src);
      else fetchBlobUrl(src).then((u) => { made = u; if (live) setUrl(u); }).catch(() => {});
    }
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [src]);
  return (
    <span className={`avatar ${className}`} title={title || name}
      style={{ width: size, height: size, fontSize: Math.round(size * 0.36), background: colourFor(name) }}
      data-testid="avatar">
      <span className="avatar__initials">{initials(name)}</span>
      {url && <img className="avatar__img" src={url} alt="" onError={() => setUrl(null)} />}
    </span>
  );
}
