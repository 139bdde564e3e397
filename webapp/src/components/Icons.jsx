/** Row action icons (inline SVG, currentColor): the vault's rows, custom values, ... */
const PATHS = {
  download: 'M12 3v11m0 0 4.5-4.5M12 14l-4.5-4.5M4 16v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3',
  edit: 'M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16v4Zm9.5-13.5 4 4',
  delete: 'M4 7h16M9 7V4h6v3m-8 0 1 13h8l1-13M10 11v6m4-6v6',
  more: 'M5 12h.01M12 12h.01M19 12h.01',
};

export function Icon({ name, size = 16 }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={name === 'more' ? 3.2 : 1.9}
      strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} />
    </svg>
  );
}

/** A small square button with an icon, its label as tooltip and accessible name. */
export function IconButton({ icon, label, danger = false, ...rest }) {
  return (
    <button type="button" className={danger ? 'icon-btn icon-btn--danger' : 'icon-btn'} title={label} aria-label={label} {...rest}>
      <Icon name={icon} />
    </button>
  );
}
