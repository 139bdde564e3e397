import { Link } from 'react-router-dom';
import { getBrand } from '../lib/config.js';
import UserMenu from './UserMenu.jsx';

export default function TopBar({ children }) {
  const brand = getBrand();
  return (
    <header className="topbar">
      <Link to="/" className="topbar__brand" title={brand.title}>
        <img src={brand.logo} alt={brand.name} className="topbar__logo" data-testid="topbar-logo" />
      </Link>
      <div className="topbar__middle">{children}</div>
      <UserMenu />
    </header>
  );
}
