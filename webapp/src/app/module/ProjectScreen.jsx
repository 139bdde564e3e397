import { useLocation } from 'react-router-dom';
import Breadcrumb from './Breadcrumb.jsx';
import ModuleView from './ModuleView.jsx';
import ProjectOverview from './ProjectOverview.jsx';

/**
 * The one project screen (issue 40): both spec routes, {base}/{portalId}/{projectId} and
 * /portal/{id}/projects/{pid}, render it. The branded project page is its Overview tab, the other tabs beside it;
 * Edit Project edits in a side panel, opened at once when the location says `edit` (the /v2 address of Edit
 * Project lands here so).
 */
export default function ProjectScreen({ moduleId, baseUrl, portalUrl, onChanged, onDeleted }) {
  const { state } = useLocation();
  const crumbs = (module) => <Breadcrumb module={module} portalUrl={portalUrl} hrefOf={(a) => `${portalUrl}/${a.id}`} />;
  return (
    <ModuleView moduleId={moduleId} baseUrl={baseUrl} onChanged={onChanged} onDeleted={onDeleted} closeTo={portalUrl}
      Overview={ProjectOverview} breadcrumb={crumbs} project startWith={state && state.edit ? 'edit' : null} />
  );
}
