import { useId } from 'react';
import { STATUS_COLOURS } from '../../lib/format.js';
import { t } from '../../lib/i18n.js';
import { Scroll } from './parts.jsx';

const STATUSES = Object.keys(STATUS_COLOURS);

/** Each Redmine status and the deliverable status it becomes (the server's default from `is_closed` and the name). */
function StatusTable({ statuses, value, onChange, disabled }) {
  return (
    <Scroll label={t('imports.statusCaption')}>
    <table className="table import-statuses" data-testid="status-mapping">
      <caption className="import-caption">{t('imports.statusCaption')}</caption>
      <thead>
        <tr><th scope="col">{t('imports.redmineStatus')}</th><th scope="col">{t('imports.closedInRedmine')}</th><th scope="col">{t('imports.becomes')}</th></tr>
      </thead>
      <tbody>
        {statuses.map((s) => (
          <tr key={s.id} data-testid="status-row">
            <th scope="row" className="import-wrap">{s.name}</th>
            <td>{s.isClosed ? t('imports.yes') : t('imports.no')}</td>
            <td>
              <select className="import-select" value={value[s.id] || ''} disabled={disabled} data-testid="status-select"
                aria-label={t('imports.statusBecomes', { name: s.name })} onChange={(e) => onChange({ ...value, [s.id]: e.target.value })}>
                {STATUSES.map((k) => <option key={k} value={k}>{STATUS_COLOURS[k].label}</option>)}
              </select>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
    </Scroll>
  );
}

/** A labelled select of a few choices ([value, label]). */
function Choice({ label, value, options, onChange, disabled, help, testId }) {
  const id = useId();
  return (
    <div className="field import-choice">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)} data-testid={testId}
        aria-describedby={help ? `${id}-help` : undefined}>
        {options.map(([v, l]) => <option key={v} value={v}>{l}</option>)}
      </select>
      {help && <div className="field__help" id={`${id}-help`}>{help}</div>}
    </div>
  );
}

/**
 * What Redmine said about the project, and how it is brought in: the status mapping, the tracker (a picklist
 * custom field, or not kept), what subprojects become (phases or tasks) and people unknown here (invited, or created
 * inactive). `value`: {statuses, tracker, levels, people}; `onChange(value)`.
 */
export default function RedmineMapping({ probe, value, onChange, disabled }) {
  const counts = probe.counts || {};
  const trackers = (probe.trackers || []).map((x) => x.name).join(', ');
  return (
    <div className="import-redmine-mapping" data-testid="redmine-mapping">
      <p data-testid="redmine-project">
        {t('imports.redmineFound', { name: probe.project.name, identifier: probe.project.identifier,
          projects: counts.projects || 0, issues: counts.issues || 0 })}
      </p>
      <StatusTable statuses={probe.statuses || []} value={value.statuses} disabled={disabled}
        onChange={(statuses) => onChange({ ...value, statuses })} />
      <div className="import-choices">
        <Choice label={t('imports.tracker')} value={value.tracker} disabled={disabled} testId="redmine-tracker"
          help={trackers ? t('imports.trackersFound', { trackers }) : null}
          options={[['field', t('imports.trackerField')], ['none', t('imports.trackerNone')]]}
          onChange={(tracker) => onChange({ ...value, tracker })} />
        <Choice label={t('imports.subprojects')} value={(value.levels || [])[1] || '4rineu_phase'} disabled={disabled}
          testId="redmine-subprojects" help={t('imports.subprojectsHelp')}
          options={[['4rineu_phase', t('imports.subprojectsPhases')], ['4rineu_task', t('imports.subprojectsTasks')]]}
          onChange={(sub) => onChange({ ...value, levels: ['4rineu_project', sub] })} />
        <Choice label={t('imports.people')} value={value.people} disabled={disabled} testId="redmine-people"
          help={t('imports.peopleHelp')} options={[['invite', t('imports.peopleInvite')], ['inactive', t('imports.peopleInactive')]]}
          onChange={(people) => onChange({ ...value, people })} />
      </div>
    </div>
  );
}
