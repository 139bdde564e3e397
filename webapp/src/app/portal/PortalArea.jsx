import { Navigate, Route, Routes } from 'react-router-dom';
import PortalLayout from './PortalLayout.jsx';

/** /portal, /peb and /calibr share one layout (spec §2). */
export default function PortalArea({ base }) {
  return (
    <Routes>
      <Route index element={<Navigate to="/" replace />} />
      <Route path=":portalId/*" element={<PortalLayout base={base} />} />
    </Routes>
  );
}
