import { useEffect, useState } from 'react';
import { fetchBlobUrl } from '../lib/apiClient.js';
import { BRANDS, getBrand } from '../lib/config.js';

/** The logo of a module's brand (fetched as a blob with the bearer token), or the host brand's logo. */
export function logoUrlOf(brand) {
  if (!brand || !brand.logo) return null;
  const link = brand.links && brand.links.view_logo;
  return (link && link.url) || `/api/brand/logo/${brand.id}`;
}

/** The fallback mark: the platform's own brand when known (calibr and peb wear the consultancy's), else the host's. */
export function fallbackMark(platform) {
  const b = platform === 'calibr' || platform === 'peb' ? BRANDS.calibr : platform === '4rineu' ? BRANDS.consortium : getBrand();
  return b.mark || b.logo;
}

export default function BrandLogo({ brand, platform, size = 80, alt = '', className = '', version = 0 }) {
  const [src, setSrc] = useState(null);
  const url = logoUrlOf(brand);
  useEffect(() => {
    let live = true;
    let made = null;
    setSrc(null);
    if (url) {
      fetchBlobUrl(url).then((u) => { made = u; if (live) setSrc(u); }).catch(() => {});
    }
    return () => { live = false; if (made) URL.revokeObjectURL(made); };
  }, [url, version]);
  const fallback = fallbackMark(platform);
  return (
    <span className={`brand-logo ${className}`} style={{ width: size, height: size }}>
      <img src={src || fallback} alt={alt} className={src ? 'brand-logo__img' : 'brand-logo__img brand-logo__img--fallback'}
        data-testid={src ? 'module-logo' : 'module-logo-fallback'} />
    </span>
  );
}
