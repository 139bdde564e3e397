import { useState } from 'react';
import Loading from '../../components/Loading.jsx';
import useFetch from '../../hooks/useFetch.js';
import { errorMessage } from '../../lib/errors.js';
import { t } from '../../lib/i18n.js';
import { fetchDependencyForms, postDependency } from './api.js';
import { includedSummary } from './clone.js';

/** The dependencies of a template (one server form each): tick to include, untick to leave out.
 *  The list scrolls at 400px (spec §2 Clone). */
export default function DependencyList({ manageUrl, onChanged }) {
  const { data: forms, error: loadError, setData: setForms } = useFetch(fetchDependencyForms, [manageUrl]);
  const [error, setError] = useState(null);
  const [busy, setBusy] = useState(null);

  const toggle = async (form) => {
    setBusy(`${form.entityType}-${form.entityId}`);
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

  if (loadError && !forms) return <div className="form__error" role="alert">{loadError}</div>;
  if (!forms) return <Loading inline />;
  if (!forms.length) return <div className="empty">{t('clone.nothingToInclude')}</div>;
  return (
    <div>
      <div className="clone__summary" data-testid="dependency-summary">{includedSummary(forms)}</div>
      <div className="clone__deps" data-testid="dependency-list">
        {forms.map((f) => (
          <label key={`${f.entityType}-${f.entityId}`} className={f.included ? 'clone__dep' : 'clone__dep clone__dep--off'}
            style={{ paddingLeft: 12 + 16 * Math.max(0, f.depth - 1) }} data-testid="dependency">
            <input type="checkbox" checked={f.included} disabled={busy !== null} onChange={() => toggle(f)} />
            <span>{f.title}</span>
          </label>
        ))}
      </div>
      {error && <div className="form__error" role="alert">{error}</div>}
    </div>
  );
}
