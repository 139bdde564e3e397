import { Outlet } from 'react-router-dom';
import TopBar from './TopBar.jsx';

/** Frame of the signed-in pages outside a portal. */
export default function AppLayout() {
  return (
    <div className="app">
      <TopBar />
      <main className="app__main"><Outlet /></main>
    </div>
  );
}
