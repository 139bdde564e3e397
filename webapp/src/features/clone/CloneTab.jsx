import { useNavigate } from 'react-router-dom';
import CloneDialog from './CloneDialog.jsx';

/** The module's 'clone' tab (and Copy, which goes to it): the clone dialog over the module; Close goes back. */
export default function CloneTab({ module, closeTo }) {
  const navigate = useNavigate();
  return <CloneDialog module={module} onClose={() => navigate(closeTo)} />;
}
