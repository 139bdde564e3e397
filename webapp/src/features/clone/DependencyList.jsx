import { useCallback, useEffect, useState } from 'react';
import Loading from '../../components/Loading.jsx';
import { errorMessage } from '../../lib/apiClient.js';
import { fetchDependencyForms, includedSummary, postDependency } from './cloneApi.js';

/** The dependencies of a template (one server form each): tick to include, untick to leave out.
 *  The list scrolls at 400px (spec §2 Clone). */
export default function DependencyList({ manageUrl, onChanged }) {
  const [forms, setForms] = useState(null);
  const [error, setError] = useState(null);
  const [busy, setBusy] = useState(null);

  const load = useCallback(() => {
    setError(null);
    fetchDependencyForms(manageUrl).then(setForms).catch((e) => setError(errorMessage(e)));
  }, [manageUrl]);
  useEffect(() => { setForms(null); load(); }, [load]);

  const toggle = async (form) => {
    const key = `${form.entityType}-${form.entityId}`;
    setBusy(key);
    setError(null);
    try {
      await postDependency(form, !form.included);
      // each form carries its own state: reload them all (fresh tokens, parents' children shown as they are)
      setForms(await fetchDependencyForms(manageUrl));
      if (onChanged) onChanged();
    } catch (e) {
      setError(errorMessage(e));
    }
    setBusy(null);
  };

  if (error && !forms) return <div className="form__error" role="alert">{error}</div>;
  if (!forms) return <Loading inline />;
  if (!forms.length) return <div className="empty">Nothing to include: this item has no children or content</div>;
  return (
    <div>
      <div className="clone__summary" data-testid="dependency-summary">{includedSummary(forms)}</div>
      <div className="clone__deps" data-testid="dependency-list">
        {forms.map((f) => {
          const key = `${f.entityType}-${f.entityId}`;
          return (
            <label key={key} className={f.included ? 'clone__dep' : 'clone__dep clone__dep--off'}
              style={{ paddingLeft: 12 + 16 * Math.max(0, f.depth - 1) }} data-testid="dependency">
              <input type="checkbox" checked={f.included} disabled={busy !== null} onChange={() => toggle(f)} />
              <span>{f.title}</span>
            </label>
          );
        })}
      </div>
      {error && <div className="form__error" role="alert">{error}</div>}
    </div>
  );
}
