import { Link } from 'react-router-dom';
import Loading from '../../components/Loading.jsx';
import useFetch from '../../hooks/useFetch.js';
import { portalHref } from '../../lib/format.js';
import { t } from '../../lib/i18n.js';
import { viewModule } from '../../features/modules/api.js';
import AppLayout from '../AppLayout.jsx';
import { PortalFrame } from './PortalLayout.jsx';

/** The portal a module belongs to: the first of its ancestors below the root, or itself. */
export const portalIdOf = (module) => (module.fullPath && module.fullPath.length ? module.fullPath[0].id : module.id);

/**
 * Edit Project's page (spec §2 '/v2/{platform}/{parentId}/{id}'): the module inside its portal's layout (rail,
 * side menu, switcher) with a way back to the project page; any other /v2 page keeps the plain frame.
 */
export default function V2Frame({ module, inPortal, children }) {
  const portalId = module && inPortal ? portalIdOf(module) : null;
  const { status, data: portal } = useFetch(portalId ? viewModule : null, [portalId]);
  if (!portalId || status === 'failed') return <AppLayout>{children}</AppLayout>;
  if (status !== 'succeeded' && status !== 'reloading') return <Loading />;
  const home = portalHref(portal);
  const back = module.id === portal.id ? home : `${home}/${module.id}`;
  return (
    <PortalFrame portal={portal} home={home}>
      <div className="v2-back"><Link to={back} className="btn btn--ghost btn--small" data-testid="v2-back">← {t('app.backTo', { name: module.name })}</Link></div>
      {children}
    </PortalFrame>
  );
}
