/** The renderers of a server form's elements, one per element type (spec §3 Dynamic form definition). */
import { t } from '../lib/i18n.js';
import Field from './Field.jsx';

function InputControl({ el, common, value, onChange }) {
  return <input {...common} type={el.type} placeholder={el.placeholder || undefined} value={value ?? ''} onChange={(e) => onChange(e.target.value)} />;
}

function TextareaControl({ el, common, value, onChange }) {
  return <textarea {...common} rows={4} placeholder={el.placeholder || undefined} value={value ?? ''} onChange={(e) => onChange(e.target.value)} />;
}

function SelectControl({ el, common, value, onChange }) {
  return (
    <select {...common} value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
      <option value="" disabled>{el.placeholder || (el.label ? t('common.selectNamed', { label: el.label }) : t('common.select'))}</option>
      {(el.options || []).map((o) => <option key={String(o.value)} value={String(o.value)}>{o.label}</option>)}
    </select>
  );
}

/** A 1/0 flag as a checkbox (the value stays the server's '1' or '0'). */
function CheckboxControl({ common, value, onChange }) {
  return <input {...common} type="checkbox" className="field__check" checked={String(value) === '1'}
    onChange={(e) => onChange(e.target.checked ? '1' : '0')} />;
}

/** A role element's presets (issue 40): choosing one types its name and sets its rights on the form. */
function Presets({ el, form, id }) {
  const choose = (name) => {
    const preset = el.presets.find((p) => p.role === name);
    if (!preset) return;
    form.set(el.name, preset.role);
    Object.entries(preset).forEach(([key, on]) => {
      if (key !== 'role' && key in form.values) form.set(key, on ? '1' : '0');
    });
  };
  const current = el.presets.find((p) => p.role === form.values[el.name]);
  return (
    <Field id={id} label={t('common.preset')}>
      <select id={id} value={current ? current.role : ''} disabled={form.busy} onChange={(e) => choose(e.target.value)}
        data-testid="role-preset">
        <option value="" disabled>{t('common.choosePreset')}</option>
        {el.presets.map((p) => <option key={p.role} value={p.role}>{p.role}</option>)}
      </select>
    </Field>
  );
}

function FileControl({ common, onChange }) {
  return <input {...common} type="file" onChange={(e) => onChange(e.target.files && e.target.files[0] ? e.target.files[0] : null)} />;
}

/** The control of each element type a form may hold; any other type shows a to-do. */
export const CONTROLS = {
  text: InputControl,
  email: InputControl,
  date: InputControl,
  textarea: TextareaControl,
  select: SelectControl,
  checkbox: CheckboxControl,
  file: FileControl,
};

function Unsupported({ el }) {
  return (
    <div className="field field--todo" data-testid="todo-element">
      <span className="field__label">{el.label}</span>
      <div className="todo">{t('common.unsupportedElement', { type: el.type })}</div>
    </div>
  );
}

/**
 * One element of a server form with its label, help and error: `form` is useServerForm's state ({values,
 * errors, busy, set}); `uid` keeps the ids of two forms on one page apart.
 */
export default function FormElement({ el, form, uid }) {
  if (el.type === 'hidden') return <input type="hidden" name={el.name} value={form.values[el.name] ?? ''} readOnly />;
  if (el.type === 'compound') {
    return (
      <fieldset className="fieldset">
        {el.label && <legend>{el.label}</legend>}
        {(el.elements || []).map((child) => <FormElement key={child.name} el={child} form={form} uid={uid} />)}
      </fieldset>
    );
  }
  const Control = CONTROLS[el.type];
  if (!Control) return <Unsupported el={el} />;
  const id = `${uid}-${el.name}`;
  const err = form.errors[el.name];
  const common = { id, name: el.name, disabled: el.disabled || form.busy, 'aria-invalid': err ? 'true' : undefined };
  const field = (
    <Field id={id} label={el.label} required={el.required} help={el.help} error={err}
      className={el.type === 'checkbox' ? 'field--check' : undefined}>
      <Control el={el} common={common} value={form.values[el.name]} onChange={(v) => form.set(el.name, v)} />
    </Field>
  );
  if (!Array.isArray(el.presets) || !el.presets.length) return field;
  return <><Presets el={el} form={form} id={`${id}-preset`} />{field}</>;
}
