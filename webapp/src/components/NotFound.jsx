import { Link, useLocation } from 'react-router-dom';

/** The 999 view for unknown signed-in paths (spec §2). */
export function NotFound999() {
  return (
    <div className="notfound" data-testid="not-found">
      <div className="notfound__code">999</div>
      <h1>Page not found</h1>
      <p className="muted">The page you are looking for does not exist, or you have no access to it.</p>
      <Link className="btn btn--primary" to="/">Back to my portals</Link>
    </div>
  );
}

/** A generic unmatched nested route: 'No match for' plus the path. */
export function NoMatch() {
  const { pathname } = useLocation();
  return (
    <div className="nomatch" data-testid="no-match">
      <h3>No match for <code>{pathname}</code></h3>
    </div>
  );
}
