import PublicPage from './PublicPage.jsx';
import { getBrand } from '../../lib/config.js';

const PHASES = [
  ['Phase 0', 'Preliminary diagnosis',
    'Survey the building, its users and its energy use: drawings, energy bills, ownership, comfort complaints and constraints. Decide what renovation the building needs and whether a deep renovation is the right path.'],
  ['Phase I', 'Design and strategy',
    'Compare renovation scenarios (prefabricated facade and roof modules, building services, renewables) on energy, cost over the life cycle and comfort, and agree on one renovation package with the owners and occupants.'],
  ['Phase II', 'Procurement',
    'Prepare the tender documents, select the suppliers of the prefabricated modules and the contractors, and plan manufacturing and logistics.'],
  ['Phase III', 'Construction',
    'Prepare the site, install the prefabricated facade, the systems and the renewables with as little disruption for the occupants as possible.'],
  ['Phase IV', 'Commissioning and monitoring',
    'Commission the systems, check the promised performance, and monitor the building in use so that measured results feed back into the next projects.'],
];

export default function AboutPage() {
  const brand = getBrand();
  return (
    <PublicPage title={`About ${brand.title}`}>
      <p className="lead">
        {brand.title} is a collaborative design and work-management platform for deep building
        renovation. Owners, designers, manufacturers and researchers share one structured workspace per
        building: the steps of the methodology, the tasks in each step, the documents, the discussion and
        the data.
      </p>

      <h2>The renovation methodology</h2>
      <p>Every renovation project follows the same five phases, from the first analysis to the monitored building:</p>
      <ol className="phases">
        {PHASES.map(([code, name, text]) => (
          <li key={code} className="phases__item">
            <div className="phases__code">{code}</div>
            <div>
              <div className="phases__name">{name}</div>
              <p>{text}</p>
            </div>
          </li>
        ))}
      </ol>

      <h2>How to use the platform</h2>
      <ol>
        <li><strong>Sign in</strong> with the e-mail address and password your administrator gave you (or accept an invitation).</li>
        <li><strong>Choose a portal</strong> on the home page: a portal groups the projects of one organisation or programme.</li>
        <li><strong>Open a project</strong>: its phases and tasks are listed in tabs; open a task to see its status, dates and owner.</li>
        <li><strong>Work together</strong>: tick tasks as completed, share knowledge articles, files and references, and discuss in the comments. The feed shows what changed.</li>
        <li><strong>Administer</strong>: portal admins add members, manage templates and clone projects to start new ones quickly.</li>
      </ol>
      <p className="muted">What you can do on each item depends on your role: buttons appear only for the actions you are allowed to take.</p>
    </PublicPage>
  );
}
