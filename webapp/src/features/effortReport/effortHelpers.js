/** Pure helpers of the effort report and plan (issue 45): the report's matrix and totals, the chart's series, the
 *  plan's edits and what a refused save or import says. */
import { formatNumber, t } from '../../lib/i18n.js';

/** Person-months as people read them: up to two decimals, the language's separators. */
export function pm(value) {
  return formatNumber(Number(value) || 0, { maximumFractionDigits: 2 });
}

/** An organisation's name ('' is time of people without one). */
export function organisationName(name) {
  return name ? String(name) : t('effortReport.noOrganisation');
}

/** A cell status as words ('over', 'under', 'ok', 'unplanned'; the server's rule decides which). */
export function statusLabel(status) {
  switch (status) {
    case 'over': return t('effortReport.overPlan');
    case 'under': return t('effortReport.underPlan');
    case 'ok': return t('effortReport.onPlan');
    case 'unplanned': return t('effortReport.unplanned');
    default: return '';
  }
}

/** The shape beside the words, so that a status never rests on colour alone. */
export const STATUS_ICONS = { over: '▲', under: '▼', ok: '✓', unplanned: '◆' };
export const STATUSES = ['over', 'under', 'ok', 'unplanned'];

const cellKey = (moduleId, organisation) => JSON.stringify([String(moduleId), String(organisation ?? '')]);
const sum = (list, field) => list.reduce((s, c) => s + (Number(c[field]) || 0), 0);
const totalsOf = (list) => ({ plannedPm: sum(list, 'plannedPm'), actualPm: sum(list, 'actualPm') });

/** The server's total when it has both figures (and its status), else the sum of the cells. */
function pickTotal(given, list) {
  if (given && typeof given === 'object' && 'plannedPm' in given && 'actualPm' in given) {
    const total = { plannedPm: Number(given.plannedPm) || 0, actualPm: Number(given.actualPm) || 0 };
    return STATUSES.includes(given.status) ? { ...total, status: given.status } : total;
  }
  return totalsOf(list);
}

/**
 * The report as a table: organisations (rows) × work packages (columns), each cell found by both, the totals of
 * each row and column and of all. Organisations or packages named only by a cell are added at the end.
 */
export function reportMatrix(data) {
  const cells = (data && data.cells) || [];
  const packages = [...((data && data.packages) || [])];
  const organisations = [...((data && data.organisations) || [])].map((o) => String(o ?? ''));
  cells.forEach((c) => {
    const org = String(c.organisation ?? '');
    if (!organisations.includes(org)) organisations.push(org);
    if (!packages.some((p) => String(p.id) === String(c.moduleId))) packages.push({ id: c.moduleId, name: String(c.moduleId) });
  });
  const byKey = new Map(cells.map((c) => [cellKey(c.moduleId, c.organisation), c]));
  const totals = (data && data.totals) || {};
  const byPackage = totals.byPackage || {};
  const byOrganisation = totals.byOrganisation || {};
  return {
    organisations,
    packages,
    cell: (moduleId, organisation) => byKey.get(cellKey(moduleId, organisation)) || null,
    packageTotal: (id) => pickTotal(byPackage[id], cells.filter((c) => String(c.moduleId) === String(id))),
    organisationTotal: (org) => pickTotal(byOrganisation[org], cells.filter((c) => String(c.organisation ?? '') === org)),
    total: pickTotal(totals, cells),
    empty: !cells.length || !organisations.length || !packages.length,
  };
}

/** The chart's bars: planned and actual person-months per organisation or per work package (`by`). */
export function chartSeries(matrix, by) {
  const groups = by === 'module'
    ? matrix.packages.map((p) => [p.name, matrix.packageTotal(p.id)])
    : matrix.organisations.map((o) => [organisationName(o), matrix.organisationTotal(o)]);
  return {
    labels: groups.map(([label]) => label),
    planned: groups.map(([, tot]) => Math.round(tot.plannedPm * 100) / 100),
    actual: groups.map(([, tot]) => Math.round(tot.actualPm * 100) / 100),
  };
}

const periodName = (p) => (p && typeof p === 'object' ? p.name : p);

/** The periods to choose from: 'all', the answer's list (or `given`: the portal settings'), the period shown. */
export function periodOptions(data, given = []) {
  const names = ['all', ...((data && data.periods) || []), ...(given || []), data && data.period]
    .map(periodName).filter((n) => n !== null && n !== undefined && n !== '').map(String);
  return names.filter((n, i) => names.findIndex((m) => m.toLowerCase() === n.toLowerCase()) === i);
}

/* ----- the plan ----- */

export const planKey = cellKey;

/** {key: text} of every planned cell, as the inputs start. */
export function planValues(plan) {
  const out = {};
  Object.entries((plan && plan.cells) || {}).forEach(([moduleId, byOrg]) => {
    Object.entries(byOrg || {}).forEach(([org, value]) => {
      if (value !== null && value !== undefined && value !== '') out[cellKey(moduleId, org)] = String(value);
    });
  });
  return out;
}

/** The organisations of the plan: its list and any that only a cell names. */
export function planOrganisations(plan) {
  const orgs = [...((plan && plan.organisations) || [])].map(String);
  Object.values((plan && plan.cells) || {}).forEach((byOrg) => Object.keys(byOrg || {}).forEach((o) => {
    if (!orgs.includes(o)) orgs.push(o);
  }));
  return orgs;
}

export const MAX_PM = 9999.99;

/** A typed value as person-months: null when blank, NaN when not a number from 0 to 9,999.99 ('1,5' is 1.5). */
export function parsePm(text) {
  const s = String(text ?? '').trim().replace(',', '.');
  if (!s) return null;
  if (!/^\d+(\.\d*)?$|^\.\d+$/.test(s)) return NaN;
  const n = Number(s);
  return n >= 0 && n <= MAX_PM ? Math.round(n * 100) / 100 : NaN;
}

/**
 * What a save sends: the cells whose value changed ({moduleId, organisation, personMonths}, null to delete),
 * and the errors of values that are not person-months ({key: message}).
 */
export function planChanges(start, values) {
  const cells = [];
  const errors = {};
  new Set([...Object.keys(start), ...Object.keys(values)]).forEach((key) => {
    const before = parsePm(start[key]);
    const now = parsePm(values[key]);
    if (Number.isNaN(now)) {
      errors[key] = t('effortReport.pmInvalid');
      return;
    }
    if ((before || null) === (now || null)) return;
    const [moduleId, organisation] = JSON.parse(key);
    cells.push({ moduleId: Number(moduleId), organisation, personMonths: now || null });
  });
  return { cells, errors };
}

/** The sum of a list of typed values (what does not read as person-months counts as nothing). */
export function sumValues(texts) {
  return texts.reduce((s, text) => {
    const n = parsePm(text);
    return s + (Number.isNaN(n) || n === null ? 0 : n);
  }, 0);
}

const messages = (value) => (Array.isArray(value) ? value : [value]).flatMap((v) => (v && typeof v === 'object' ? Object.values(v) : [v]))
  .flat().map(String);

/** [[path, messages]] of a 422's `errors`, nested objects opened ({cells: {3: {personMonths: [...]}}}). */
function flatErrors(errors, prefix = []) {
  return Object.entries(errors || {}).flatMap(([key, value]) => (value && typeof value === 'object' && !Array.isArray(value)
    ? flatErrors(value, [...prefix, key]) : [[[...prefix, key].join('.'), messages(value)]]));
}

/**
 * A refused save's errors on the cells they belong to: `errors` keyed 'cells.3.personMonths',
 * 'cells[3][personMonths]' or nested, 3 being the place in `sent`; {byCell: {key: text}, general: [text]}.
 */
export function planErrors(errors, sent) {
  const byCell = {};
  const general = [];
  flatErrors(errors).forEach(([path, texts]) => {
    const m = /^cells\D+(\d+)/.exec(path);
    const cell = m && sent[Number(m[1])];
    if (cell) {
      const key = cellKey(cell.moduleId, cell.organisation);
      byCell[key] = [byCell[key], ...texts].filter(Boolean).join(' ');
    } else general.push(...texts);
  });
  return { byCell, general };
}

/** An import's refusal, line by line ('Line 3: …'); errors not tied to a line as they come. */
export function importErrors(errors) {
  return flatErrors(errors).flatMap(([path, texts]) => {
    const m = /(\d+)/.exec(path);
    return texts.map((message) => (m ? t('effortReport.lineError', { line: Number(m[1]), message }) : message));
  });
}
