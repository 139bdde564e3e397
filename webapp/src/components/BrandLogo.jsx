import { useEffect, useState } from 'react';
import { BRANDS, getBrand } from '../lib/config.js';
import { fetchBlobUrl } from '../lib/images.js';

/** The address of a brand's logo: its view_logo link (fetched as a blob with the bearer token), or none. */
export function logoUrlOf(brand) {
  if (!brand || !brand.logo) return null;
  const link = brand.links && brand.links.view_logo;
  return (link && link.url) || null;
}

/** The fallback mark: the platform's own brand when known (calibr and peb wear the consultancy's), else the host's. */
export function fallbackMark(platform) {
  const b = platform === 'calibr' || platform === 'peb' ? BRANDS.calibr : platform === '4rineu' ? BRANDS.consortium : getBrand();
  return b.mark || b.logo;
}

export default function BrandLogo({ brand, platform, size = 80, alt = '', className = '', version = 0 }) {
  const url = logoUrlOf(brand);
  const key = `${version}:${url}`;
  const [loaded, setLoaded] = useState({ key: null, src: null }); // the image of one url and version
  useEffect(() => {
    if (!url) return undefined;
    let live = true;
    let made = null;
    fetchBlobUrl(url).then((u) => { made = u; if (live) setLoaded({ key, src: u }); }).catch(() => {});
    return () => { live = false; if (made) URL.revokeObjectURL(made); };
  }, [url, key]);
  const src = url && loaded.key === key ? loaded.src : null;
  const fallback = fallbackMark(platform);
  return (
    <span className={`brand-logo ${className}`} style={{ width: size, height: size }}>
      <img src={src || fallback} alt={alt} className={src ? 'brand-logo__img' : 'brand-logo__img brand-logo__img--fallback'}
        data-testid={src ? 'module-logo' : 'module-logo-fallback'} />
    </span>
  );
}
