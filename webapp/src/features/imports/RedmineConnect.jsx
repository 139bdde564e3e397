import { useId } from 'react';
import Field from '../../components/Field.jsx';
import { t } from '../../lib/i18n.js';
import { Refusal } from './parts.jsx';

const OWN_FIELDS = ['url', 'key', 'project'];

/**
 * Where the Redmine is: its address, an API key (its user's 'My account' page) and the project's identifier.
 * `value` and `onChange(value)` hold them; `onSubmit()` asks Redmine about the project; `probe` is that call's
 * state {busy, error, fields} (a refusal in the form, a field's at the field).
 */
export default function RedmineConnect({ value, onChange, onSubmit, probe, disabled }) {
  const id = useId();
  const set = (name) => (e) => onChange({ ...value, [name]: e.target.value });
  const others = Object.fromEntries(Object.entries(probe.fields || {}).filter(([k]) => !OWN_FIELDS.includes(k)));
  const err = (name) => (probe.fields && probe.fields[name] ? [].concat(probe.fields[name]).join(' ') : null);
  const field = (name, label, props) => (
    <Field id={`${id}-${name}`} label={label} required error={err(name)} help={props.help} errorTestId={`redmine-${name}-error`}>
      <input id={`${id}-${name}`} name={name} value={value[name]} onChange={set(name)} required disabled={disabled || probe.busy}
        aria-invalid={err(name) ? 'true' : undefined} data-testid={`redmine-${name}`} type={props.type || 'text'}
        autoComplete={props.autoComplete || 'off'} spellCheck={false} />
    </Field>
  );
  return (
    <form className="import-form" aria-busy={probe.busy} data-testid="redmine-connect"
      onSubmit={(e) => { e.preventDefault(); onSubmit(); }}>
      {field('url', t('imports.redmineUrl'), { type: 'url', autoComplete: 'url', help: t('imports.redmineUrlHelp') })}
      {field('key', t('imports.redmineKey'), { type: 'password', autoComplete: 'off', help: t('imports.redmineKeyHelp') })}
      {field('project', t('imports.redmineProject'), { help: t('imports.redmineProjectHelp') })}
      <Refusal message={probe.error} fields={others} testId="redmine-error" />
      <div className="import-actions">
        <button type="submit" className="btn btn--small btn--primary" disabled={disabled || probe.busy} data-testid="redmine-probe">
          {probe.busy ? t('imports.connecting') : t('imports.connect')}
        </button>
      </div>
    </form>
  );
}
