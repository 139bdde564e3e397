import { useCallback } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import Loading from '../../components/Loading.jsx';
import { NoMatch } from '../../components/NotFound.jsx';
import TabNav from '../../components/TabNav.jsx';
import useFetch from '../../hooks/useFetch.js';
import { t } from '../../lib/i18n.js';
import { listImports } from './api.js';
import ArchiveExport from './ArchiveExport.jsx';
import JobHistory from './JobHistory.jsx';
import MspdiImport from './MspdiImport.jsx';
import RedmineImport from './RedmineImport.jsx';
import SpreadsheetImport from './SpreadsheetImport.jsx';
import './imports.css';

/** The sources the list's links offer: [path, label, the links it follows]. */
function sources(links) {
  return [
    ['spreadsheet', t('imports.tabSpreadsheet'), ['spreadsheet_columns', 'spreadsheet']],
    ['redmine', t('imports.tabRedmine'), ['redmine_probe', 'redmine']],
    ['ms-project', t('imports.tabMspdi'), ['mspdi']],
    ['archive', t('imports.tabArchive'), ['export_archive']],
  ].filter(([, , names]) => names.every((name) => links[name]));
}

/**
 * Portal settings → Import (issue 46, the portal's admins: its `import` link): a work plan from a spreadsheet, a
 * Redmine project, an MS Project plan, each run on the worker with its progress and report, and the portal's
 * archive to download; below, the portal's imports so far. `baseUrl`: this page's address (its tabs go below it);
 * `moduleHref(id)`: a module's page, for a report's link.
 */
export default function ImportPage({ portal, baseUrl, moduleHref }) {
  const link = portal.links && portal.links.import;
  const list = useFetch(link ? listImports : null, [link]);
  const { reload } = list;
  const changed = useCallback(() => reload(), [reload]);
  if (!link) return <div className="empty">{t('imports.adminsOnly')}</div>;
  if (list.status === 'loading' || list.status === 'idle') return <Loading inline />;
  if (list.status === 'failed') return <div className="form__error" role="alert">{list.error}</div>;
  const links = list.data.links || {};
  const tabs = sources(links);
  const offered = new Set(tabs.map(([p]) => p));
  const props = { links, moduleHref, onChanged: changed };
  return (
    <div className="import-page" data-testid="import-page">
      <h2 className="section-title">{t('imports.title')}</h2>
      <p className="muted">{t('imports.intro')}</p>
      {tabs.length > 0 && <TabNav label={t('imports.sources')} testId="import-tabs" tabs={tabs.map(([p, label]) => ({ to: `${baseUrl}/${p}`, label }))} />}
      <div className="import-page__panel">
        <Routes>
          <Route index element={tabs.length ? <Navigate to={`${baseUrl}/${tabs[0][0]}`} replace /> : <p className="empty">{t('imports.noSources')}</p>} />
          {offered.has('spreadsheet') && <Route path="spreadsheet" element={<SpreadsheetImport {...props} />} />}
          {offered.has('redmine') && <Route path="redmine" element={<RedmineImport {...props} />} />}
          {offered.has('ms-project') && <Route path="ms-project" element={<MspdiImport {...props} />} />}
          {offered.has('archive') && <Route path="archive" element={<ArchiveExport links={links} />} />}
          <Route path="*" element={<NoMatch />} />
        </Routes>
      </div>
      <h3 className="import-panel__title import-history__title">{t('imports.history')}</h3>
      <JobHistory items={list.data.items || []} moduleHref={moduleHref} onSettled={changed} />
    </div>
  );
}
