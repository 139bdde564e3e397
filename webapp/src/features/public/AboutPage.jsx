import PublicPage from './PublicPage.jsx';
import { getBrand } from '../../lib/config.js';

const PHASES = [
  ['Phase 0', 'Preliminary analysis',
    'Collect what is known about the building and its users: drawings, energy bills, ownership, constraints and the goals of the renovation. Decide whether a deep renovation is the right path.'],
  ['Phase I', 'Building survey and diagnosis',
    'Survey the building on site (geometry, envelope, systems, comfort and condition), build the digital model and calibrate the energy baseline against measured consumption.'],
  ['Phase II', 'Design of the renovation concept',
    'Compare renovation scenarios (prefabricated facade and roof modules, systems, renewables) on energy, cost and comfort; agree on one concept with the owners and occupants.'],
  ['Phase III', 'Detailed design and manufacturing',
    'Turn the concept into construction documents, plan the off-site manufacturing of the modules, the logistics and the installation on site with as little disruption as possible.'],
  ['Phase IV', 'Construction, commissioning and monitoring',
    'Install and commission, then monitor the renovated building so that its measured performance can be compared with the design and fed back into the next projects.'],
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
