/**
 * One labelled form field: the label (with ' *' when required), the control (children), its help and its
 * error. `id` ties the label to the control.
 */
export default function Field({ id, label, required = false, help, error, errorTestId, className, children }) {
  const base = className ? `field ${className}` : 'field';
  return (
    <div className={error ? `${base} field--error` : base}>
      <label htmlFor={id}>
        {label}
        {required && <span className="field__req" aria-hidden="true"> *</span>}
      </label>
      {children}
      {help && <div className="field__help">{help}</div>}
      {error && <div className="field__error" data-testid={errorTestId}>{error}</div>}
    </div>
  );
}
