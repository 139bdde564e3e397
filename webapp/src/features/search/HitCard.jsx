import { Link } from 'react-router-dom';
import { formatDate } from '../../lib/dates.js';
import { hitHref, hitPageLabel, hitTag, hitTitle } from './hits.js';
import Marked from './Marked.jsx';

/** A hit on the results page: its kind (a file's type), title (a link to where it lives), breadcrumb, snippet (with
 * the page of a file it comes from), author and day. */
export default function HitCard({ hit }) {
  const page = hitPageLabel(hit);
  return (
    <li className="results__hit" data-testid="result" data-kind={hit.kind}>
      <span className="tag results__tag">{hitTag(hit)}</span>
      <Link to={hitHref(hit)} data-testid="result-link"><Marked text={hitTitle(hit)} /></Link>
      <span className="results__meta" data-testid="result-crumb">{(hit.breadcrumb || []).join(' › ')}</span>
      {(hit.snippet || page) && (
        <span className="results__passage">
          {page && <span className="results__page" data-testid="result-page">{page}</span>}
          {hit.snippet && <Marked className="search__snippet" text={hit.snippet} testId="result-snippet" />}
        </span>
      )}
      <span className="results__meta">
        {hit.author && hit.author.name ? `${hit.author.name} · ` : ''}{formatDate(hit.created)}
      </span>
    </li>
  );
}
