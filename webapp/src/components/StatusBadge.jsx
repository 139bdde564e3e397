import { NO_STATUS, statusStyle } from '../lib/format.js';

/** Deliverable status in its colour (spec §4); anything unknown is grey 'no status'. */
export default function StatusBadge({ status, onClick }) {
  const st = statusStyle(status);
  const label = (status && status.label && st !== NO_STATUS ? status.label : st.label);
  const Tag = onClick ? 'button' : 'span';
  return (
    <Tag type={onClick ? 'button' : undefined} className="status-badge" style={{ background: st.colour }}
      onClick={onClick} data-status={status && status.name ? status.name : 'none'} data-testid="status-badge">
      {label}
    </Tag>
  );
}
