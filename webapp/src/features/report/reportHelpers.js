/** Pure helpers of the metrics dashboard (spec §2 Report and metrics, §3 Metric, §4 panel types, §9). */
import { t } from '../../lib/i18n.js';

export const PANEL_TYPES = ['default', 'min', 'max', 'avg', 'tot', 'bar', 'table', 'all', 'datatable'];

/** A panel type's name (the hover of a panel's title bar). */
export function panelLabel(panelType) {
  switch (panelType) {
    case 'min': case 'max': case 'avg': case 'tot': return numberLabel(panelType);
    case 'bar': return t('report.panelBar');
    case 'table': return t('report.panelTable');
    case 'all': return t('report.panelAll');
    case 'datatable': return t('report.panelDatatable');
    default: return t('report.panelDefault');
  }
}
export const BG_COLORS = {
  default: '#ffffff', red: '#fde2e1', green: '#e0f4e4', blue: '#e1ecfb', pink: '#fbe3f1', yellow: '#fdf5d3',
};
/** Dashboard grid of spec §9. */
export const GRID = { cols: 12, rowHeight: 100, width: 1600, defaultW: 3, defaultH: 4, panelHeight: 520 };
export const PIE_SIZE = 300;
export const PIE_COLOURS = ['#2f7ed8', '#f28f43', '#8bbc21', '#910000', '#1aadce', '#7a4fb5'];
/** Number panels: which aggregate they show (numberLabel: its title). */
export const NUMBER_PANELS = {
  min: 'min_value_formatted',
  max: 'max_value_formatted',
  avg: 'avg_value_formatted',
  tot: 'sum_value_formatted',
};

/** The title of a number panel's aggregate. */
export function numberLabel(panelType) {
  switch (panelType) {
    case 'min': return t('report.minimum');
    case 'max': return t('report.maximum');
    case 'avg': return t('report.average');
    default: return t('report.total');
  }
}

export function parseJson(text, fallback) {
  if (text && typeof text === 'object') return text;
  try {
    const v = JSON.parse(text);
    return v === null || v === undefined ? fallback : v;
  } catch {
    return fallback;
  }
}

/** {panelType, bgColor} of a metric, unknown values read as 'default'. */
export function panelOf(metric) {
  const layout = parseJson(metric && metric.layout, {});
  const obj = layout && typeof layout === 'object' && !Array.isArray(layout) ? layout : {};
  return {
    panelType: PANEL_TYPES.includes(obj.panelType) ? obj.panelType : 'default',
    bgColor: Object.prototype.hasOwnProperty.call(BG_COLORS, obj.bgColor) ? obj.bgColor : 'default',
  };
}

/**
 * The grid items of the metrics: the saved item of each metric, and a default 3 x 4 panel under the
 * others for a metric the saved layout does not place yet. Items of deleted metrics are dropped.
 */
export function gridLayout(savedLayout, metrics) {
  const saved = parseJson(savedLayout, []);
  const byId = {};
  (Array.isArray(saved) ? saved : []).forEach((it) => {
    if (it && it.i !== undefined) byId[String(it.i)] = it;
  });
  const out = [];
  let bottom = 0;
  (metrics || []).forEach((m) => {
    const it = byId[String(m.id)];
    if (it) {
      const item = {
        i: String(m.id),
        x: clampInt(it.x, 0, GRID.cols - 1, 0),
        y: clampInt(it.y, 0, 100000, 0),
        w: clampInt(it.w, 1, GRID.cols, GRID.defaultW),
        h: clampInt(it.h, 1, 100, GRID.defaultH),
      };
      bottom = Math.max(bottom, item.y + item.h);
      out.push(item);
    }
  });
  let x = 0;
  (metrics || []).forEach((m) => {
    if (byId[String(m.id)]) return;
    if (x + GRID.defaultW > GRID.cols) { x = 0; bottom += GRID.defaultH; }
    out.push({ i: String(m.id), x, y: bottom, w: GRID.defaultW, h: GRID.defaultH });
    x += GRID.defaultW;
  });
  return out;
}

function clampInt(v, lo, hi, dflt) {
  const n = Number(v);
  if (!Number.isFinite(n)) return dflt;
  return Math.min(hi, Math.max(lo, Math.round(n)));
}

/** What the server keeps of react-grid-layout's items: {i, x, y, w, h}. */
export function layoutForSave(items) {
  return (items || []).map(({ i, x, y, w, h }) => ({ i: String(i), x, y, w, h }));
}

export function sameLayout(a, b) {
  const key = (items) => JSON.stringify(layoutForSave(items).sort((p, q) => p.i.localeCompare(q.i)));
  return key(a) === key(b);
}

/** The big number of a min/max/avg/tot panel ('—' without values). */
export function numberOf(panelType, aggregated) {
  const field = NUMBER_PANELS[panelType];
  if (!field || !aggregated) return '—';
  const v = aggregated[field];
  return v === null || v === undefined || v === '' ? '—' : String(v);
}

export const isNumeric = (type) => type === 'NUMERIC' || type === 'DATED_NUMERIC';

/** One hue from light to dark: the options of a picklist are ordered (A to G, Low to High), so their colours are
 *  too, and none says 'good' or 'bad' by itself (a green 'High' risk would). */
export const ORDINAL_FROM = [178, 223, 214];
export const ORDINAL_TO = [11, 79, 63];
export const SERIES_COLOUR = '#2f7ed8';

/** The colour of the option at `rank` of `ranks` on the light-to-dark scale. */
export function ordinalColour(rank, ranks) {
  const t = ranks > 1 ? Math.min(1, Math.max(0, rank / (ranks - 1))) : 1;
  const [r, g, b] = ORDINAL_FROM.map((c, i) => Math.round(c + (ORDINAL_TO[i] - c) * t));
  return `rgb(${r}, ${g}, ${b})`;
}

/** A group's colour: a picklist option's by its rank among all the options, anything else by its turn. */
export function groupColour(group, n) {
  if (group && group.rank !== undefined && group.rank !== null && group.ranks) return ordinalColour(group.rank, group.ranks);
  return PIE_COLOURS[n % PIE_COLOURS.length];
}

export const groupLabel = (g) => String(g.label ?? g.module_name);

/** chart.js data of a pie over grouped values: one slice per group, in the order of the options. */
export function pieData(grouped) {
  const groups = (grouped || []).filter((g) => g.freq > 0);
  return {
    labels: groups.map(groupLabel),
    datasets: [{
      data: groups.map((g) => g.freq),
      backgroundColor: groups.map((g, n) => groupColour(g, n)),
      borderWidth: 1,
    }],
  };
}

/** chart.js data of a bar chart: numbers by module (their totals), other types by label (their counts); one
 *  series, one colour. */
export function barData(report, title) {
  const grouped = (report && report.groupedValues) || [];
  const numeric = isNumeric(report && report.type);
  return {
    labels: grouped.map(groupLabel),
    datasets: [{
      label: title || (numeric ? t('report.total') : t('report.count')),
      data: grouped.map((g) => (numeric ? g.total : g.freq)),
      backgroundColor: SERIES_COLOUR,
    }],
  };
}

/** A bar's label on the axis: whole up to `max` characters, else cut with an ellipsis (the tooltip has it all). */
export function axisLabel(label, max = 14) {
  const s = String(label ?? '');
  return s.length <= max ? s : `${s.slice(0, max - 1).trimEnd()}…`;
}

/** The rows of a chart's text alternative: [label, value as shown]. */
export function chartRows(report, kind) {
  const numeric = isNumeric(report && report.type);
  return ((report && report.groupedValues) || []).map((g) => [groupLabel(g),
    numeric && kind === 'bar' ? (g.total_formatted ?? String(g.total)) : `${g.freq}${g.total ? ` (${share(g)})` : ''}`]);
}

/** Percent of a group in its total, rounded ('40%'). */
export function share(group) {
  if (!group || !group.total) return '';
  return `${Math.round((100 * group.freq) / group.total)}%`;
}
