import { Outlet } from 'react-router-dom';
import TopBar from './TopBar.jsx';

/** Frame of the signed-in pages outside a portal (the routes' Outlet, or `children`). */
export default function AppLayout({ children }) {
  return (
    <div className="app">
      <TopBar />
      <main className="app__main" id="main">{children || <Outlet />}</main>
    </div>
  );
}
