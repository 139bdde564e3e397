import { useSelector } from 'react-redux';
import { Link } from 'react-router-dom';
import NotificationBell from '../features/notifications/NotificationBell.jsx';
import { getBrand } from '../lib/config.js';
import SearchBox from '../features/search/SearchBox.jsx';
import TimerControl from '../features/time/TimerControl.jsx';
import { useSearchScope } from './searchScope.jsx';
import UserMenu from './UserMenu.jsx';

/** The top bar: `start` (the portal's Menu button on narrow screens), the brand's logo (home), what the page puts
 *  in the middle, the search box, the running timer (with the currentuser's `timer` link), the bell, the user's menu. */
export default function TopBar({ start, children }) {
  const brand = getBrand();
  const scope = useSearchScope();
  const user = useSelector((s) => s.user.item);
  return (
    <header className="topbar">
      {start}
      <Link to="/" className="topbar__brand" title={brand.title}>
        <img src={brand.logo} alt={brand.name} className="topbar__logo" data-testid="topbar-logo" />
      </Link>
      <div className="topbar__middle">{children}</div>
      <SearchBox scope={scope} />
      <TimerControl link={user && user.links ? user.links.timer : null} />
      <NotificationBell />
      <UserMenu />
    </header>
  );
}
