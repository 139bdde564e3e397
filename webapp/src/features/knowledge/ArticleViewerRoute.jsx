/** /article/{moduleId}/{articleId}?back=...: the separate article viewer (a lazy chunk of its own). */
import { ArticleViewerRoute } from './ArticleView.jsx';

export default ArticleViewerRoute;
