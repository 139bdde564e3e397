import { checklistOf } from '../../lib/checklist.js';

export { checklistOf };

/** The option a toggle sends: the other one of the first two options (the form's, else the state's). */
export function flippedOption(state, options) {
  const opts = options && options.length >= 2 ? options : state.options || [];
  if (opts.length < 2) return state.completed ? 'not_completed' : 'completed';
  return String(state.value) === String(opts[1].value) ? String(opts[0].value) : String(opts[1].value);
}
