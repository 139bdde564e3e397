/** The words of a job's kind, state, phase and counts (literal keys: the catalog test finds every key used). */
import { t } from '../../lib/i18n.js';

export const ACTIVE = ['QUEUED', 'RUNNING'];
export const isActive = (job) => !!job && ACTIVE.includes(job.state);

export function kindLabel(kind) {
  switch (kind) {
    case 'redmine': return t('imports.kindRedmine');
    case 'spreadsheet': return t('imports.kindSpreadsheet');
    case 'mspdi': return t('imports.kindMspdi');
    case 'archive': return t('imports.kindArchive');
    default: return kind;
  }
}

export function stateLabel(state) {
  switch (state) {
    case 'QUEUED': return t('imports.stateQueued');
    case 'RUNNING': return t('imports.stateRunning');
    case 'DONE': return t('imports.stateDone');
    case 'FAILED': return t('imports.stateFailed');
    case 'CANCELLED': return t('imports.stateCancelled');
    default: return state;
  }
}

export function phaseLabel(phase) {
  switch (phase) {
    case 'reading': return t('imports.phaseReading');
    case 'files': return t('imports.phaseFiles');
    case 'writing': return t('imports.phaseWriting');
    default: return t('imports.phaseWaiting');
  }
}

/**
 * The kinds a report counts, in the order it lists them: the writer's (issue 46 contract) and a portal archive's
 * (its tables by name); a kind not named here is left out of the table.
 */
export const COUNTED = ['modules', 'deliverables', 'relations', 'articles', 'comments', 'references', 'files', 'file_versions',
  'time', 'time_entries', 'timesheets', 'activities', 'fields', 'options', 'values', 'members', 'memberships', 'people',
  'peopleCreated', 'baselines', 'reports', 'metrics', 'templates'];

export function countLabel(kind) {
  switch (kind) {
    case 'modules': return t('imports.countModules');
    case 'deliverables': return t('imports.countDeliverables');
    case 'relations': return t('imports.countRelations');
    case 'articles': return t('imports.countArticles');
    case 'comments': return t('imports.countComments');
    case 'references': return t('imports.countReferences');
    case 'files': return t('imports.countFiles');
    case 'file_versions': return t('imports.countFileVersions');
    case 'time': case 'time_entries': return t('imports.countTime');
    case 'timesheets': return t('imports.countTimesheets');
    case 'activities': return t('imports.countActivities');
    case 'fields': return t('imports.countFields');
    case 'options': return t('imports.countOptions');
    case 'values': return t('imports.countValues');
    case 'members': case 'memberships': return t('imports.countMembers');
    case 'people': return t('imports.countPeople');
    case 'peopleCreated': return t('imports.countAccounts');
    case 'baselines': return t('imports.countBaselines');
    case 'reports': return t('imports.countReports');
    case 'metrics': return t('imports.countMetrics');
    case 'templates': return t('imports.countTemplates');
    default: return kind;
  }
}
