import { useId, useMemo, useState } from 'react';
import Loading from '../../components/Loading.jsx';
import useFetch from '../../hooks/useFetch.js';
import { errorMessage, fieldErrors } from '../../lib/errors.js';
import { t } from '../../lib/i18n.js';
import { toast } from '../../lib/toast.js';
import { loadPlan, savePlan } from './api.js';
import { planChanges, planErrors, planOrganisations, planValues } from './effortHelpers.js';
import PlanImport from './PlanImport.jsx';
import PlanTable from './PlanTable.jsx';
import './effortReport.css';

/** 'Add organisation': a name not in the plan yet becomes a column (saved once a cell of it has a value). */
function AddOrganisation({ organisations, onAdd }) {
  const id = useId();
  const [name, setName] = useState('');
  const [error, setError] = useState(null);
  const add = (e) => {
    e.preventDefault();
    const clean = name.trim();
    if (!clean) setError(t('effortReport.organisationRequired'));
    else if (organisations.some((o) => o.toLowerCase() === clean.toLowerCase())) setError(t('effortReport.organisationTaken'));
    else {
      onAdd(clean);
      setName('');
      setError(null);
    }
  };
  return (
    <form className="effort-plan__add" onSubmit={add} noValidate data-testid="effort-add-organisation">
      <label htmlFor={id}>{t('effortReport.newOrganisation')}</label>
      <input id={id} type="text" value={name} maxLength={200} onChange={(e) => { setName(e.target.value); setError(null); }}
        aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
      <button type="submit" className="btn btn--small">{t('effortReport.addOrganisation')}</button>
      {error && <span id={`${id}-error`} className="field__error" role="alert">{error}</span>}
    </form>
  );
}

/** The plan being edited: its values as typed, the errors of the last save, Save where the plan links it. */
function PlanEditor({ plan, onSaved }) {
  const start = useMemo(() => planValues(plan), [plan]);
  const [values, setValues] = useState(start);
  const [organisations, setOrganisations] = useState(() => planOrganisations(plan));
  const [errors, setErrors] = useState({});
  const [message, setMessage] = useState(null);
  const [busy, setBusy] = useState(false);
  const links = plan.links || {};
  const packages = plan.packages || [];
  const changed = planChanges(start, values);
  const dirty = changed.cells.length > 0 || Object.keys(changed.errors).length > 0;

  const change = (key, text) => {
    setValues((v) => ({ ...v, [key]: text }));
    setErrors((e) => { const rest = { ...e }; delete rest[key]; return rest; });
  };
  const save = async () => {
    setMessage(null);
    if (Object.keys(changed.errors).length) { setErrors(changed.errors); return; }
    setBusy(true);
    try {
      const answer = await savePlan(links.save, changed.cells);
      toast(t('effortReport.planSaved'));
      onSaved(answer);
    } catch (err) {
      const { byCell, general } = planErrors(fieldErrors(err), changed.cells);
      setErrors(byCell);
      setMessage(general.length ? general.join(' ') : errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  if (!packages.length) return <p className="empty" data-testid="effort-plan-empty">{t('effortReport.noPackages')}</p>;
  return (
    <>
      <PlanTable packages={packages} organisations={organisations} values={values} errors={errors} editable={Boolean(links.save)} onChange={change} />
      {links.save && (
        <div className="effort-plan__actions">
          <AddOrganisation organisations={organisations} onAdd={(name) => setOrganisations((o) => [...o, name])} />
          <button type="button" className="btn btn--primary" onClick={save} disabled={!dirty || busy} data-testid="effort-plan-save">
            {busy ? t('effortReport.saving') : t('effortReport.savePlan')}
          </button>
        </div>
      )}
      {message && <p className="form__error" role="alert" data-testid="effort-plan-error">{message}</p>}
    </>
  );
}

/**
 * A project's effort plan (issue 45), at its `effort_plan` link (the project's editors): the person-months each
 * organisation plans on each work package, edited in a table and saved with the plan's `save` link, or imported
 * from a CSV file with its `import` link.
 */
export default function EffortPlan({ project }) {
  const link = (project && project.links && project.links.effort_plan) || null;
  const plan = useFetch(link ? loadPlan : null, [link]);
  // A plan read again (saved, imported) starts the editor again from what the server keeps.
  const round = useMemo(() => JSON.stringify(plan.data), [plan.data]);
  if (!link) return null;
  const isPlan = (answer) => answer && typeof answer === 'object' && Array.isArray(answer.packages) && answer.cells;
  const reread = (answer) => (isPlan(answer) ? plan.setData(answer) : plan.reload());
  const links = (plan.data && plan.data.links) || {};
  return (
    <section className="effort effort-plan" aria-labelledby="effort-plan-title" data-testid="effort-plan">
      <h2 id="effort-plan-title" className="section-title">{t('effortReport.planTitle')}</h2>
      <p className="muted">{t('effortReport.planHelp')}</p>
      {plan.status === 'loading' && <Loading inline />}
      {plan.status === 'failed' && <p className="form__error" role="alert" data-testid="effort-plan-load-error">{plan.error}</p>}
      {plan.data && <PlanEditor key={round} plan={plan.data} onSaved={reread} />}
      {links.import && <PlanImport link={links.import} onImported={reread} />}
    </section>
  );
}
