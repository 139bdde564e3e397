import { Link } from 'react-router-dom';
import DateTime from '../../components/DateTime.jsx';
import { t } from '../../lib/i18n.js';
import { formatArticleDate } from './content.js';
import { EditIcon, ExpandIcon, EyeIcon, PlusIcon, TrashIcon } from './icons.jsx';

/** The icons of a row, as the article's links allow: view, read full screen, add under, edit, delete. */
function RowIcons({ article, baseUrl, onDelete }) {
  const links = article.links || {};
  return (
    <div className="kn-row__icons">
      {links.view && (
        <Link className="kn-icon" to={`${baseUrl}/${article.id}`} title={t('knowledge.view')} aria-label={t('knowledge.viewArticle', { title: article.title })} data-testid="article-view-link">
          <EyeIcon />
        </Link>
      )}
      {links.view && (
        <Link className="kn-icon" to={`${baseUrl}/reader/${article.id}`} title={t('knowledge.readFullScreen')}
          aria-label={t('knowledge.readArticle', { title: article.title })} data-testid="article-reader-link">
          <ExpandIcon />
        </Link>
      )}
      {links.add_child && (
        <Link className="kn-icon" to={`${baseUrl}/new/${article.id}`} title={t('knowledge.addUnderThis')}
          aria-label={t('knowledge.addUnderArticle', { title: article.title })} data-testid="article-add-child">
          <PlusIcon />
        </Link>
      )}
      {links.edit && (
        <Link className="kn-icon" to={`${baseUrl}/${article.id}/edit`} title={t('common.edit')}
          aria-label={t('knowledge.editArticle', { title: article.title })} data-testid="article-edit-link">
          <EditIcon />
        </Link>
      )}
      {links.delete && (
        <button type="button" className="kn-icon kn-icon--danger" onClick={() => onDelete(article)} title={t('common.delete')}
          aria-label={t('knowledge.deleteArticle', { title: article.title })} data-testid="article-delete">
          <TrashIcon />
        </button>
      )}
    </div>
  );
}

/** One article of the tree with its toggle, title, author and date, its icons, and its open branch below. */
export default function ArticleRow({ article, depth, baseUrl, open, onToggle, onDelete }) {
  const kids = article.children || [];
  const expanded = open.has(article.id);
  return (
    <li className="kn-tree__item" data-testid="article-row" data-article-id={article.id}>
      <div className="kn-row" style={{ paddingLeft: 8 + depth * 24 }}>
        {kids.length ? (
          <button type="button" className="kn-row__toggle" onClick={() => onToggle(article.id)} aria-expanded={expanded}
            aria-label={expanded ? t('knowledge.collapseArticle', { title: article.title }) : t('knowledge.expandArticle', { title: article.title })} data-testid="article-toggle">
            {expanded ? '▾' : '▸'}
          </button>
        ) : <span className="kn-row__toggle kn-row__toggle--leaf" aria-hidden="true">•</span>}
        <div className="kn-row__main">
          <Link to={`${baseUrl}/${article.id}`} className="kn-row__title" data-testid="article-title">{article.title}</Link>
          {kids.length > 0 && <span className="kn-row__count muted" title={t('knowledge.nestedArticles')}>{kids.length}</span>}
          <div className="kn-row__meta muted">
            <span className="kn-row__label">{t('knowledge.author')}</span>{' '}
            <span className="kn-row__author">{article.createdBy || t('knowledge.notAvailable')}</span>
            <span className="kn-row__sep">·</span>
            <DateTime value={article.created} format={formatArticleDate} className="kn-row__date" />
          </div>
        </div>
        <RowIcons article={article} baseUrl={baseUrl} onDelete={onDelete} />
      </div>
      {kids.length > 0 && expanded && (
        <ul className="kn-tree__children">
          {kids.map((c) => (
            <ArticleRow key={c.id} article={c} depth={depth + 1} baseUrl={baseUrl} open={open} onToggle={onToggle} onDelete={onDelete} />
          ))}
        </ul>
      )}
    </li>
  );
}
