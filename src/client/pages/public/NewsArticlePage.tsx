import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, Navigate, useParams } from 'react-router';
import { NEWS_COVER_WIDTH, NEWS_PATH, isNewsSlug, newsArticlePath } from '../../../shared/news.ts';
import { PageHead } from '../../components/PageHead.tsx';
import { PUBLIC_STALE_MS, useClubPictures, useClubProfile } from '../../publicContent.ts';
import { useServerRender, useSiteOrigin } from '../../render/serverRender.ts';
import { newsArticleData } from '../../structuredData.ts';
import { trpc } from '../../trpc.ts';
import { NotFoundPage } from './NotFoundPage.tsx';
import { NewsArticleContent } from './news/NewsArticleContent.tsx';

/**
 * One article (issue 27.2): /aktuelles/<slug>, with its own title, description (the
 * teaser), canonical address, Open Graph with the cover's 1200 px picture and JSON-LD
 * NewsArticle. An address the article had before sends visitors on (301 on the server); a
 * draft, a scheduled article or an unknown address is not found.
 */
export function NewsArticlePage() {
  const { slug = '' } = useParams();
  const valid = isNewsSlug(slug);
  const found = trpc.news.publicArticle.useQuery({ slug }, { enabled: valid, meta: { errorPrefix: 'Fehler beim Abrufen des Artikels' }, staleTime: PUBLIC_STALE_MS });
  const profile = useClubProfile().data;
  // The publisher's logo is the club's uploaded one where there is (issue 26.3).
  const pictures = useClubPictures().data;
  const origin = useSiteOrigin();
  const server = useServerRender();
  if (!valid) return <NotFoundPage />;
  if (found.isPending) return <Skeleton variant="rounded" height={240} aria-hidden />;
  const moved = found.data?.movedTo;
  if (moved) {
    server?.declareRedirect(newsArticlePath(moved));
    return <Navigate to={newsArticlePath(moved)} replace />;
  }
  const article = found.data?.article;
  if (!article) return <NotFoundPage />;
  const wide = article.cover ? { width: Math.min(NEWS_COVER_WIDTH, article.cover.width), height: Math.round((article.cover.height * Math.min(NEWS_COVER_WIDTH, article.cover.width)) / article.cover.width) } : undefined;
  return (
    <>
      <PageHead
        title={article.title}
        description={article.teaser || undefined}
        type="article"
        image={article.cover?.wideUrl}
        imageSize={wide}
        structuredData={origin && profile ? [newsArticleData(article, profile, origin, pictures)] : undefined}
      />
      <Typography variant="h4" component="h1" id="news-article-title" gutterBottom sx={(theme) => ({ [theme.breakpoints.down('sm')]: { fontSize: '1.75rem' } })}>
        {article.title}
      </Typography>
      <NewsArticleContent article={article} />
      <Link component={RouterLink} to={NEWS_PATH} sx={{ display: 'inline-block', mt: 3 }}>
        Alle Artikel
      </Link>
    </>
  );
}
