import { useEffect, useState } from 'react';
import QRCode from 'qrcode';

/** A QR code of `value` drawn in the browser (no external service): an image with its text alternative. */
export default function QrCode({ value, label, size = 180 }) {
  const [src, setSrc] = useState(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(value, { width: size, margin: 1 }).then((url) => { if (live) setSrc(url); }, () => {});
    return () => { live = false; };
  }, [value, size]);
  if (!src) return <div style={{ width: size, height: size }} aria-hidden="true" />;
  return <img src={src} width={size} height={size} alt={label} data-testid="qr-code" />;
}
