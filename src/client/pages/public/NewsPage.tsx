import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { SECTIONS, type Section } from '../../../shared/constants.ts';
import { NEWS_FEED_PATH, NEWS_PAGE_QUERY, NEWS_SECTION_QUERY, newsListPath, newsSectionLabel, newsSectionOfSlug } from '../../../shared/news.ts';
import { PageHead } from '../../components/PageHead.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { NEWS_QUERY, readPageQuery } from '../../publicPages.ts';
import { PUBLIC_STALE_MS } from '../../publicContent.ts';
import { trpc } from '../../trpc.ts';
import { NotFoundPage } from './NotFoundPage.tsx';
import { NewsCards } from './news/NewsCards.tsx';

const NEWS_INTRO = 'Berichte, Einladungen und Neuigkeiten aus dem Verein und seinen Sparten.';

/**
 * Aktuelles (issue 27.2): the published articles, newest first, ten per page, optionally
 * of one section. Filters and pages are plain links, so they work without JavaScript; a
 * page past the last is not found.
 */
export function NewsPage() {
  const [search] = useSearchParams();
  const query = readPageQuery(NEWS_QUERY, search);
  const sectionSlug = query?.[NEWS_SECTION_QUERY];
  const section: Section | undefined = sectionSlug === undefined ? undefined : newsSectionOfSlug(sectionSlug);
  const page = Number(query?.[NEWS_PAGE_QUERY] ?? 1);
  const input = { ...(sectionSlug ? { sparte: sectionSlug } : {}), ...(page > 1 ? { seite: page } : {}) };
  const list = trpc.news.publicList.useQuery(Object.keys(input).length === 0 ? undefined : input, {
    enabled: query !== null,
    meta: { errorPrefix: 'Fehler beim Abrufen der Artikel' },
    staleTime: PUBLIC_STALE_MS,
  });
  if (query === null || (list.data && page > list.data.pages)) return <NotFoundPage />;

  let content;
  if (list.isPending) content = <Skeleton variant="rounded" height={240} aria-hidden />;
  else if (!list.data?.articles.length) content = <Typography>Hier gibt es noch keine Artikel.</Typography>;
  else content = <NewsCards articles={list.data.articles} headingLevel="h2" />;
  const pages = list.data?.pages ?? 1;
  const titles = list.data?.articles.slice(0, 5).map((article) => article.title) ?? [];

  return (
    <>
      <PageTitle>{section ? `Aktuelles: ${newsSectionLabel(section)}` : 'Aktuelles'}</PageTitle>
      <PageHead description={titles.length > 0 ? `${NEWS_INTRO} ${titles.join(', ')}` : NEWS_INTRO} />
      <Typography sx={{ mb: 2, maxWidth: 800 }}>{NEWS_INTRO}</Typography>
      {/* The filters are links: they work before the app has started and without JavaScript. */}
      <Tabs value={section ?? 'all'} aria-label="Sparten" variant="scrollable" allowScrollButtonsMobile sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Tab value="all" label="Alle" component={RouterLink} to={newsListPath(undefined)} />
        {SECTIONS.map((entry) => (
          <Tab key={entry} value={entry} label={newsSectionLabel(entry)} component={RouterLink} to={newsListPath(entry)} />
        ))}
      </Tabs>
      {content}
      {pages > 1 && (
        <Box component="nav" aria-label="Seiten" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 3 }}>
          {page > 1 && (
            <Link component={RouterLink} to={newsListPath(section, page - 1)} rel="prev">
              Neuere Artikel
            </Link>
          )}
          <Typography component="span" color="text.secondary">
            Seite {page} von {pages}
          </Typography>
          {page < pages && (
            <Link component={RouterLink} to={newsListPath(section, page + 1)} rel="next">
              Ältere Artikel
            </Link>
          )}
        </Box>
      )}
      <Typography variant="body2" sx={{ mt: 3 }}>
        <Link href={NEWS_FEED_PATH}>Aktuelles als Feed abonnieren</Link>
      </Typography>
    </>
  );
}
