import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatGermanDate } from '../../../../shared/dates.ts';
import { newsArticlePath, newsSectionLabel, type PublicNewsArticle } from '../../../../shared/news.ts';

/**
 * Articles as cards with cover, date and teaser, each a link to its page: the home page's
 * latest three and the pages of /aktuelles. The cover is the 480 px thumbnail with its size
 * given, so nothing moves when it arrives.
 */
export function NewsCards({ articles, headingLevel = 'h3' }: { articles: readonly PublicNewsArticle[]; headingLevel?: 'h2' | 'h3' }) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' } }}>
      {articles.map((article) => (
        <li key={article.slug}>
          <Card variant="outlined" sx={{ height: '100%' }}>
            <CardActionArea component={RouterLink} to={newsArticlePath(article.slug)} sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch', justifyContent: 'flex-start' }}>
              {article.cover && (
                <Box
                  component="img"
                  src={article.cover.thumbnailUrl}
                  alt=""
                  width={480}
                  height={Math.max(1, Math.round((480 * article.cover.height) / Math.max(1, article.cover.width)))}
                  loading="lazy"
                  decoding="async"
                  sx={{ display: 'block', width: '100%', height: 'auto', aspectRatio: '3 / 2', objectFit: 'cover' }}
                />
              )}
              <CardContent>
                <Typography variant="body2" color="text.secondary">
                  {formatGermanDate(article.publishedAt)}
                  {article.section === 'club' ? '' : ` · ${newsSectionLabel(article.section)}`}
                </Typography>
                <Typography variant="h6" component={headingLevel} gutterBottom>
                  {article.title}
                </Typography>
                {article.teaser !== '' && (
                  <Typography variant="body2" color="text.secondary">
                    {article.teaser}
                  </Typography>
                )}
              </CardContent>
            </CardActionArea>
          </Card>
        </li>
      ))}
    </Box>
  );
}
