import { Link, Navigate, Route, Routes, useLocation, useNavigate, useParams } from 'react-router-dom';
import Loading from '../../components/Loading.jsx';
import { NoMatch } from '../../components/NotFound.jsx';
import StatusBadge from '../../components/StatusBadge.jsx';
import useFetch from '../../hooks/useFetch.js';
import { portalHref } from '../../lib/format.js';
import { formatNumber, t } from '../../lib/i18n.js';
import { listPlatforms, viewModule } from '../../features/modules/api.js';
import ModuleHeader from '../../features/modules/ModuleHeader.jsx';
import ImportPortal from '../../features/imports/ImportPortal.jsx';
import AppLayout from '../AppLayout.jsx';
import { AccessLost, Deleted } from '../module/ModuleView.jsx';
import useModuleUpdates from '../module/useModuleUpdates.js';
import V2Frame, { portalIdOf } from './V2Frame.jsx';

// Links within /v2 browse; Edit Project (a plain link to /v2/{platform}/{parentId}/{id}) opens the edit form.
const BROWSING = { browse: true };

/** /v2: the platform table (ID, Name, Module Type, platform). */
function PlatformTable() {
  const { status, data, error } = useFetch(listPlatforms);
  if (status === 'loading') return <Loading inline />;
  return (
    <div className="page">
      <h1 className="page__title">{t('app.platforms')}</h1>
      {error && <div className="form__error">{error}</div>}
      <table className="table" data-testid="v2-table">
        <thead>
          <tr>
            <th style={{ width: 80 }}>{t('app.id')}</th><th>{t('common.name')}</th><th>{t('app.moduleType')}</th>
            <th>{t('app.platform')}</th>
          </tr>
        </thead>
        <tbody>
          {(data || []).map((p) => (
            <tr key={p.id}>
              <td className="muted">{p.id}</td>
              <td><Link to={`/v2/${p.platform}/${p.id}`} state={BROWSING}>{p.name}</Link></td>
              <td>{p.typeLabel}</td>
              <td><code>{p.platform}</code></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * /v2/{platform}/{id}[/{id}...] (up to 4 ids): the last module, its header and its children. Reached as
 * /v2/{platform}/{parentId}/{id} from Edit Project (not by browsing /v2), it opens the one project screen with its
 * edit panel open (a portal, which has no such screen, shows here inside its layout with the edit form open).
 * Another person's change of the module or of a child reads it again.
 */
function V2Module() {
  const params = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const ids = (params['*'] || '').split('/').filter(Boolean);
  const valid = ids.length >= 1 && ids.length <= 4 && ids.every((x) => /^\d+$/.test(x));
  const id = valid ? ids[ids.length - 1] : null;
  const state = useFetch(id ? viewModule : null, [id]);
  const { status, data: module, error, reload } = state;
  const { gone, lost } = useModuleUpdates(state); // kept current by the module's live stream, as its page is
  if (!valid) return <AppLayout><NoMatch /></AppLayout>;
  if (gone || lost) return <AppLayout><div className="page">{gone ? <Deleted page /> : <AccessLost page />}</div></AppLayout>;
  if (status === 'loading' || status === 'idle') return <Loading />;
  if (status === 'failed') return <AppLayout><div className="page"><div className="form__error" role="alert">{error}</div></div></AppLayout>;
  const here = `/v2/${params.platform}/${ids.join('/')}`;
  const up = ids.length > 1 ? `/v2/${params.platform}/${ids.slice(0, -1).join('/')}` : '/v2';
  const editing = ids.length === 2 && !(location.state && location.state.browse);
  const portalId = portalIdOf(module);
  if (editing && String(portalId) !== String(module.id)) {
    return <Navigate to={`${portalHref({ id: portalId, platform: module.platform })}/${module.id}`} state={{ edit: true }} replace />;
  }
  return (
    <V2Frame module={module} inPortal={editing}>
      <V2Page module={module} ids={ids} here={here} platform={params.platform} editing={editing} reload={reload}
        onDeleted={() => navigate(up)} />
    </V2Frame>
  );
}

/** Platforms, then each id of the address by its name (the module's ancestors name them, the platforms the root). */
function V2Breadcrumb({ module, ids, platform }) {
  const { data: roots } = useFetch(ids.length > 1 ? listPlatforms : null);
  const names = new Map([...(roots || []), ...(module.fullPath || []), module].map((a) => [String(a.id), a.name]));
  return (
    <nav className="breadcrumb" aria-label={t('app.breadcrumb')} data-testid="breadcrumb">
      <Link to="/v2">{t('app.platforms')}</Link>
      {ids.map((x, i) => (
        <span key={x}>
          <span className="breadcrumb__sep">/</span>
          {i < ids.length - 1
            ? <Link to={`/v2/${platform}/${ids.slice(0, i + 1).join('/')}`} state={BROWSING}>{names.get(x) || x}</Link>
            : <span className="breadcrumb__here" aria-current="page">{names.get(x) || x}</span>}
        </span>
      ))}
    </nav>
  );
}

function V2Page({ module, ids, here, platform, editing, reload, onDeleted }) {
  return (
    <div className="page">
      <V2Breadcrumb module={module} ids={ids} platform={platform} />
      <ModuleHeader module={module} onChanged={reload} onDeleted={onDeleted} startWith={editing ? 'edit' : null} />
      <div className="section__head">
        <h2 className="section-title">{t('app.contents')} <span className="count">{formatNumber((module.children || []).length)}</span></h2>
        {/* A platform's root lists its portals: a superuser may bring one in from an archive (issue 46). */}
        {ids.length === 1 && <ImportPortal root={module} portalHref={(id) => portalHref({ id, platform: module.platform })} onImported={reload} />}
      </div>
      <table className="table">
        <thead>
          <tr>
            <th style={{ width: 80 }}>{t('app.id')}</th><th>{t('common.name')}</th><th>{t('app.moduleType')}</th>
            <th>{t('common.status')}</th>
          </tr>
        </thead>
        <tbody>
          {(module.children || []).map((c) => (
            <tr key={c.id}>
              <td className="muted">{c.id}</td>
              <td>{ids.length < 4 ? <Link to={`${here}/${c.id}`} state={BROWSING}>{c.name}</Link> : c.name}</td>
              <td>{c.typeLabel}</td>
              <td><StatusBadge status={c.deliverable && c.deliverable.status} /></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function V2Routes() {
  return (
    <Routes>
      <Route index element={<AppLayout><PlatformTable /></AppLayout>} />
      <Route path=":platform/*" element={<V2Module />} />
    </Routes>
  );
}
