import { Link, Route, Routes, useNavigate, useParams } from 'react-router-dom';
import Loading from '../../components/Loading.jsx';
import { NoMatch } from '../../components/NotFound.jsx';
import StatusBadge from '../../components/StatusBadge.jsx';
import useFetch, { pickList } from '../../lib/useFetch.js';
import ModuleHeader from '../modules/ModuleHeader.jsx';

/** /v2: the platform table (ID, Name, Module Type, platform). */
function PlatformTable() {
  const { status, data, error } = useFetch('/api/meta/platforms', pickList);
  if (status === 'loading') return <Loading inline />;
  return (
    <div className="page">
      <h1 className="page__title">Platforms</h1>
      {error && <div className="form__error">{error}</div>}
      <table className="table" data-testid="v2-table">
        <thead><tr><th style={{ width: 80 }}>ID</th><th>Name</th><th>Module Type</th><th>platform</th></tr></thead>
        <tbody>
          {(data || []).map((p) => (
            <tr key={p.id}>
              <td className="muted">{p.id}</td>
              <td><Link to={`/v2/${p.platform}/${p.id}`}>{p.name}</Link></td>
              <td>{p.typeLabel}</td>
              <td><code>{p.platform}</code></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /v2/{platform}/{id}[/{id}...] (up to 4 ids): the last module, its header and its children. */
function V2Module() {
  const params = useParams();
  const navigate = useNavigate();
  const ids = (params['*'] || '').split('/').filter(Boolean);
  const valid = ids.length >= 1 && ids.length <= 4 && ids.every((x) => /^\d+$/.test(x));
  const id = valid ? ids[ids.length - 1] : null;
  const { status, data: module, error, reload } = useFetch(id ? `/api/module/view/${id}` : null);
  if (!valid) return <NoMatch />;
  if (status === 'loading' || status === 'idle') return <Loading inline />;
  if (status === 'failed') return <div className="page"><div className="form__error" role="alert">{error}</div></div>;
  const here = `/v2/${params.platform}/${ids.join('/')}`;
  const up = ids.length > 1 ? `/v2/${params.platform}/${ids.slice(0, -1).join('/')}` : '/v2';
  return (
    <div className="page">
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <Link to="/v2">Platforms</Link>
        {ids.map((x, i) => (
          <span key={x}>
            <span className="breadcrumb__sep">/</span>
            {i < ids.length - 1 ? <Link to={`/v2/${params.platform}/${ids.slice(0, i + 1).join('/')}`}>{x}</Link> : <span className="breadcrumb__here">{x}</span>}
          </span>
        ))}
      </nav>
      <ModuleHeader module={module} onChanged={reload} onDeleted={() => navigate(up)} />
      <h2 className="section-title">Contents <span className="count">{(module.children || []).length}</span></h2>
      <table className="table">
        <thead><tr><th style={{ width: 80 }}>ID</th><th>Name</th><th>Module Type</th><th>Status</th></tr></thead>
        <tbody>
          {(module.children || []).map((c) => (
            <tr key={c.id}>
              <td className="muted">{c.id}</td>
              <td>{ids.length < 4 ? <Link to={`${here}/${c.id}`}>{c.name}</Link> : c.name}</td>
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
      <Route index element={<PlatformTable />} />
      <Route path=":platform/*" element={<V2Module />} />
    </Routes>
  );
}
