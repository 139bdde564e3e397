import { Suspense, lazy, useMemo } from 'react';
import { useSelector } from 'react-redux';
import { useLocation } from 'react-router-dom';
import Loading from '../components/Loading.jsx';
import { workRowHref } from '../lib/taskLinks.js';

const MyWork = lazy(() => import('../features/myWork/MyWork.jsx'));
const Calendar = lazy(() => import('../features/calendar/Calendar.jsx'));

/** /my-work: the list of one's work, or (`?view=calendar`) one's own dates across portals on the calendar. */
export default function MyWorkRoute() {
  const view = new URLSearchParams(useLocation().search).get('view') === 'calendar' ? 'calendar' : 'list';
  const portals = useSelector((s) => s.portals.list);
  const portalIds = useMemo(() => new Set((portals || []).map((p) => String(p.id))), [portals]);
  const calendar = (
    <Suspense fallback={<Loading inline />}>
      <Calendar mine hrefOf={(row) => workRowHref(row, portalIds)} />
    </Suspense>
  );
  return <Suspense fallback={<Loading />}><MyWork view={view} calendar={calendar} /></Suspense>;
}
