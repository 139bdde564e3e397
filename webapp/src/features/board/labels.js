/** The board's names for its columns and its lanes without a value. */
import { NO_STATUS, STATUS_COLOURS } from '../../lib/format.js';
import { t } from '../../lib/i18n.js';

/** A column's name: the status labels the app already speaks (lib/format.js), 'No status' for ''. */
export function columnLabel(status) {
  const known = STATUS_COLOURS[status];
  return known ? known.label : t('board.noStatusColumn');
}

/** A column's colour (the status badge's). */
export function columnColour(status) {
  const known = STATUS_COLOURS[status];
  return (known || NO_STATUS).colour;
}

/** A lane's name; the lane of cards without one is named by what the lanes follow. */
export function laneLabel(lane, mode) {
  if (lane.name !== null && lane.name !== undefined) return lane.name;
  if (mode === 'owner') return t('board.noOwner');
  if (mode === 'parent') return t('board.topLevel');
  return t('board.noValue');
}
