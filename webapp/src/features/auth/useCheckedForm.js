import { useState } from 'react';

/**
 * The values of a signed-out form and their rules (lib/validation): nothing is checked before the first
 * submit, everything at each change after it. `onChange` runs at every change (clearing an old outcome).
 * -> {values, errors, setErrors, change(event), check(): whether the values pass}
 */
export default function useCheckedForm(initial, validate, onChange) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState({});
  const [submitted, setSubmitted] = useState(false);
  const change = (e) => {
    const next = { ...values, [e.target.name]: e.target.value };
    setValues(next);
    if (submitted) setErrors(validate(next));
    if (onChange) onChange();
  };
  const check = () => {
    setSubmitted(true);
    const errs = validate(values);
    setErrors(errs);
    return Object.keys(errs).length === 0;
  };
  return { values, errors, setErrors, change, check };
}
