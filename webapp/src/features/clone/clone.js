/** Pure helpers of cloning and templates (spec §2 Clone, §3 Template). */
import { formatNumber, inSentence, t } from '../../lib/i18n.js';

/** The manage answer {forms: [json string | form]} as forms with their title, entity and state. */
export function parseDependencyForms(data) {
  return ((data && data.forms) || []).map((f) => (typeof f === 'string' ? JSON.parse(f) : f)).map((f) => {
    const value = (name) => {
      const el = (f.elements || []).find((e) => e.name === name);
      return el ? el.value : undefined;
    };
    const include = f.included !== undefined ? !!f.included : String(value('include')) === '1';
    return {
      ...f,
      title: f.title || ((f.elements || [])[0] || {}).label || '',
      entityType: f.entityType || value('entityType'),
      entityId: Number(f.entityId || value('entityId')),
      included: include,
      depth: f.depth || 0,
    };
  });
}

/** The fields a dependency form posts to include (or leave out) its entity: every element, include flipped, _method. */
export function dependencyFields(form, include) {
  const out = {};
  (form.elements || []).forEach((el) => { out[el.name] = el.value === null || el.value === undefined ? '' : String(el.value); });
  out.include = include ? '1' : '0';
  out._method = (form.method || 'PUT').toUpperCase();
  return out;
}

/** Where the app shows a module, from the current location (`/{base}/{portalId}/...`). */
export function moduleUrlFor(pathname, item) {
  const m = /^\/([^/]+)\/(\d+)/.exec(pathname || '');
  const base = m ? m[1] : 'portal';
  if (item.level === 1 || !m) return `/${base}/${item.id}`;
  if (item.type && item.type.endsWith('_project')) return `/${base}/${m[2]}/projects/${item.id}`;
  return `/${base}/${m[2]}/module/${item.id}`;
}

/** 'Included n of m' for a dependency list. */
export function includedSummary(forms) {
  const n = forms.filter((f) => f.included).length;
  return t('clone.includedSummary', { included: formatNumber(n), total: formatNumber(forms.length) });
}

/**
 * A module's type label (the server's, in the reader's language) inside a sentence: 'this task'. Nouns go lower case
 * there, but German writes every noun with a capital; no label: 'item'.
 */
export function typeInSentence(module) {
  if (!module.typeLabel) return t('clone.item');
  return inSentence(module.typeLabel);
}
