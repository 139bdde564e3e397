/**
 * The module the top bar's search may be limited to ('This project'): the page's module while a module page is
 * shown (useScopeOf), else the portal of the layout (`base`). PortalLayout provides it; outside a portal there is
 * none.
 */
import { createContext, useContext, useEffect, useMemo, useState } from 'react';
import { t } from '../lib/i18n.js';

const ScopeContext = createContext(null);

const scopeOf = (m) => (m ? { id: m.id, name: m.name, typeLabel: m.typeLabel || t('app.scopeItem') } : null);

export function SearchScopeProvider({ base, children }) {
  const [shown, setShown] = useState(null);
  const baseScope = useMemo(() => scopeOf(base), [base]);
  const value = useMemo(() => ({ scope: shown || baseScope, setShown }), [shown, baseScope]);
  return <ScopeContext.Provider value={value}>{children}</ScopeContext.Provider>;
}

/** The scope the search box offers (null: none). */
export function useSearchScope() {
  const c = useContext(ScopeContext);
  return c ? c.scope : null;
}

/** While this component is shown, `module` (a module/view item, or null) is the scope. */
export function useScopeOf(module) {
  const c = useContext(ScopeContext);
  const setShown = c ? c.setShown : null;
  const id = module ? module.id : null;
  const name = module ? module.name : null;
  const typeLabel = module ? module.typeLabel : null;
  useEffect(() => {
    if (!setShown || id === null) return undefined;
    setShown({ id, name, typeLabel: typeLabel || t('app.scopeItem') });
    return () => setShown((s) => (s && s.id === id ? null : s));
  }, [setShown, id, name, typeLabel]);
}
