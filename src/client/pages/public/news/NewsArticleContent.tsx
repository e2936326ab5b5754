import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatGermanDate, formatGermanDateTime } from '../../../../shared/dates.ts';
import { NEWS_MEDIUM_WIDTH, NEWS_SECTION_SLUGS, newsListPath, newsSectionLabel, type PublicNewsArticleWithBody } from '../../../../shared/news.ts';
import { NewsDocumentView } from '../../../components/NewsDocumentView.tsx';

/** 'Sommerfest' is an article of the club; 'Bogen' one of a section. */
export function sectionWords(section: PublicNewsArticleWithBody['section']): string {
  return section === 'club' ? 'Verein' : `Sparte ${newsSectionLabel(section)}`;
}

/**
 * An article as visitors read it, below its title: date, author and section, cover,
 * teaser, body and what it is linked to. The public page and the back office's preview
 * render this same component.
 */
export function NewsArticleContent({ article }: { article: PublicNewsArticleWithBody }) {
  return (
    <Box component="article" aria-labelledby="news-article-title">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {formatGermanDate(article.publishedAt)} · {article.author} ·{' '}
        <Link component={RouterLink} to={newsListPath(article.section)}>
          {sectionWords(article.section)}
        </Link>
      </Typography>
      {article.cover && (
        <Box
          component="img"
          src={article.cover.mediumUrl}
          // The picture a phone needs (800 px), the full one on wide screens; it is the page's largest element, so it comes first.
          srcSet={`${article.cover.thumbnailUrl} 480w, ${article.cover.mediumUrl} ${Math.min(NEWS_MEDIUM_WIDTH, article.cover.width)}w, ${article.cover.url} ${article.cover.width}w`}
          sizes="(min-width: 840px) 760px, calc(100vw - 32px)"
          fetchPriority="high"
          alt=""
          width={article.cover.width}
          height={article.cover.height}
          sx={{ display: 'block', width: '100%', maxWidth: 760, height: 'auto', borderRadius: 1, mb: 2 }}
        />
      )}
      {article.teaser !== '' && (
        <Typography sx={{ fontWeight: 500, mb: 2, maxWidth: 760 }} component="p">
          {article.teaser}
        </Typography>
      )}
      <NewsDocumentView document={article.body} />
      {(article.appointment || article.album) && (
        <Box component="aside" aria-label="Dazu" sx={{ mt: 3, display: 'grid', gap: 1 }}>
          {article.appointment && (
            <Typography>
              Zum Termin:{' '}
              <Link component={RouterLink} to="/termine">
                {article.appointment.name}
              </Link>{' '}
              ({formatGermanDateTime(article.appointment.begin)})
            </Typography>
          )}
          {article.album && (
            <Typography>
              Fotos im Album:{' '}
              <Link component={RouterLink} to={`/galerien/${NEWS_SECTION_SLUGS[article.album.section]}?album=${article.album.id}`}>
                {article.album.name}
              </Link>
            </Typography>
          )}
        </Box>
      )}
    </Box>
  );
}
