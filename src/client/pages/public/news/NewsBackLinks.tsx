import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { newsArticlePath } from '../../../../shared/news.ts';
import { PUBLIC_STALE_MS } from '../../../publicContent.ts';
import { trpc } from '../../../trpc.ts';

/** The visible articles linked to appointments and albums (issue 27.2), one shared read for every row. */
export function usePublicNewsLinks() {
  return trpc.news.publicLinks.useQuery(undefined, { meta: { errorPrefix: 'Fehler beim Abrufen der Artikel' }, staleTime: PUBLIC_STALE_MS });
}

/** 'Artikel: …' links from an appointment or an album back to the articles about it. */
export function NewsBackLinks({ kind, id }: { kind: 'appointments' | 'albums'; id: number }) {
  const articles = usePublicNewsLinks().data?.[kind][String(id)] ?? [];
  if (articles.length === 0) return null;
  return (
    <Box component="span" sx={{ display: 'block', typography: 'body2', mt: 0.5 }}>
      {articles.map((article, index) => (
        <Box component="span" key={article.slug} sx={{ display: 'block' }}>
          {index === 0 ? 'Artikel: ' : ''}
          <Link component={RouterLink} to={newsArticlePath(article.slug)} onClick={(event) => event.stopPropagation()}>
            {article.title}
          </Link>
        </Box>
      ))}
    </Box>
  );
}
