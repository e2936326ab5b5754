import { EMPTY_TABLE_TEXT } from '../../../shared/constants.ts';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { PageHead } from '../../components/PageHead.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { PUBLIC_STALE_MS } from '../../publicContent.ts';
import { trpc } from '../../trpc.ts';

/** The address without the scheme and a trailing slash, as a link text people read. */
function shortUrl(url: string): string {
  return url.replace(/^https?:\/\//i, '').replace(/\/$/, '');
}

/** Sponsors, called Spender on the site (SPEC §2): a card per sponsor with logo, name and link. */
export function SponsorsPage() {
  const sponsors = trpc.sponsors.publicList.useQuery(undefined, { meta: { errorPrefix: 'Fehler beim Abrufen der Sponsoren' }, staleTime: PUBLIC_STALE_MS });
  let content;
  if (sponsors.isPending) content = <Skeleton variant="rounded" height={160} aria-hidden />;
  else if (!sponsors.data?.length) content = <Typography>{EMPTY_TABLE_TEXT}</Typography>;
  else {
    content = (
      <Box
        component="ul"
        aria-label="Unterstützer"
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' } }}
      >
        {sponsors.data.map((sponsor) => (
          <li key={sponsor.id}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardMedia component="img" image={sponsor.image} alt={sponsor.name} sx={{ height: 140, objectFit: 'contain', p: 2, bgcolor: 'common.white' }} />
              <CardContent>
                {/* Smaller on a phone: a long compound name ('Raiffeisenvolksbankgenossenschaft') fits the card whole. */}
                <Typography variant="h6" component="h2" gutterBottom sx={{ fontSize: { xs: '1.1rem', sm: '1.25rem' } }}>
                  {sponsor.name}
                </Typography>
                {sponsor.url && (
                  <Link href={sponsor.url} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere' }}>
                    {shortUrl(sponsor.url)}
                  </Link>
                )}
              </CardContent>
            </Card>
          </li>
        ))}
      </Box>
    );
  }
  return (
    <>
      <PageTitle>Spender</PageTitle>
      <PageHead
        description={sponsors.data?.length ? `Wir danken allen, die unseren Verein unterstützen: ${sponsors.data.map((sponsor) => sponsor.name).join(', ')}.` : undefined}
        image={sponsors.data?.[0]?.image}
      />
      <Typography sx={{ mb: 3, maxWidth: 800 }}>Wir danken allen, die unseren Verein unterstützen.</Typography>
      {content}
    </>
  );
}
