import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { ALERT_LABELS } from '../../../shared/content.ts';
import { ALERT_IDENTIFIERS, type AlertIdentifier } from '../../../shared/constants.ts';
import { SlashBreaks } from '../../components/SlashBreaks.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { RichText } from '../../components/RichText.tsx';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { entryWhen, firstOf, glanceEntries } from '../../../shared/appointmentGlance.ts';
import { PageHead } from '../../components/PageHead.tsx';
import type { HomePicture } from '../../../shared/clubPictures.ts';
import type { HomeCard, HomeTexts } from '../../../shared/homeTexts.ts';
import { NEWS_PATH } from '../../../shared/news.ts';
import { PUBLIC_STALE_MS, useClubPictures, useClubProfile, useHomeTexts, usePublicAlerts, usePublicAppointments } from '../../publicContent.ts';
import { trpc } from '../../trpc.ts';
import { NewsCards } from './news/NewsCards.tsx';
import { CourseAtAGlance } from './parcours/CourseNotice.tsx';
import { useSiteOrigin } from '../../render/serverRender.ts';
import { sportsClub } from '../../structuredData.ts';

/** Its text is the link of the archery results page, not a notice. */
const LIVE_RESULT: AlertIdentifier = 'liveresult';

function isAlertIdentifier(identifier: string): identifier is AlertIdentifier {
  return (ALERT_IDENTIFIERS as readonly string[]).includes(identifier);
}

/** The section notices that are switched on, in the order of SPEC §3; the live result is a link, not a notice. */
function EnabledNotices() {
  const alerts = usePublicAlerts().data ?? [];
  const shown = alerts
    .filter((alert) => alert.identifier !== LIVE_RESULT && alert.enabled && alert.text.trim() !== '')
    .flatMap((alert) => (isAlertIdentifier(alert.identifier) ? [{ ...alert, identifier: alert.identifier }] : []))
    .sort((a, b) => ALERT_IDENTIFIERS.indexOf(a.identifier) - ALERT_IDENTIFIERS.indexOf(b.identifier));
  if (shown.length === 0) return null;
  return (
    <Box component="section" aria-label="Aktuelle Hinweise" sx={{ display: 'grid', gap: 2, mb: 4 }}>
      {shown.map((alert) => (
        <Alert key={alert.identifier} severity="info" sx={{ whiteSpace: 'pre-line' }}>
          <AlertTitle>{ALERT_LABELS[alert.identifier]}</AlertTitle>
          <RichText text={alert.text} />
        </Alert>
      ))}
    </Box>
  );
}

/** The latest three articles with cover and teaser (issue 27.2), above the next appointments. */
function LatestNews() {
  const articles = trpc.news.publicLatest.useQuery(undefined, { meta: { errorPrefix: 'Fehler beim Abrufen der Artikel' }, staleTime: PUBLIC_STALE_MS }).data?.articles ?? [];
  if (articles.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="home-news" sx={{ mb: 4 }}>
      <Typography id="home-news" variant="h5" component="h2" gutterBottom>
        Aktuelles
      </Typography>
      <NewsCards articles={articles} />
      <Link component={RouterLink} to={NEWS_PATH} sx={{ display: 'inline-block', mt: 2 }}>
        Alle Artikel
      </Link>
    </Box>
  );
}

/** How many upcoming appointments the home page names; /termine has them all. */
const HOME_APPOINTMENTS = 3;

/** The next appointments at a glance (issue 26, point 5): a series counts once, with its rhythm and next dates. */
function NextAppointments() {
  const entries = glanceEntries(usePublicAppointments().data ?? []).slice(0, HOME_APPOINTMENTS);
  if (entries.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="home-appointments" sx={{ mb: 4 }}>
      <Typography id="home-appointments" variant="h5" component="h2" gutterBottom>
        Nächste Termine
      </Typography>
      <List dense disablePadding>
        {entries.map((entry) => (
          <ListItem key={entry.key} disableGutters>
            <ListItemText primary={firstOf(entry).name} secondary={`${entryWhen(entry)} · ${firstOf(entry).location}`} />
          </ListItem>
        ))}
      </List>
      <Link component={RouterLink} to="/termine">
        Alle Termine
      </Link>
    </Box>
  );
}

/** The greeting and welcome text, as the home page shows them (also the panel's preview). */
export function HomeWelcome({ texts }: { texts: HomeTexts }) {
  return <Typography sx={{ mb: 3, maxWidth: 800 }}>{[texts.greeting.trim(), texts.welcome.trim()].filter(Boolean).join(' ')}</Typography>;
}

/** The cards that lead to the sections (also the panel's preview). */
export function SectionCards({ cards }: { cards: readonly HomeCard[] }) {
  return (
    // The cards' room decides their columns (the page, or the narrower preview in the dashboard beside its menu).
    <Box component="section" aria-labelledby="home-sections" sx={{ containerType: 'inline-size' }}>
      <Typography id="home-sections" variant="h5" component="h2" gutterBottom>
        Unsere Sparten
      </Typography>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: '1fr',
          // Where the page's breakpoints sm (600 px) and md (900 px) put them, less the page's margins.
          '@container (min-width: 552px)': { gridTemplateColumns: '1fr 1fr' },
          '@container (min-width: 852px)': { gridTemplateColumns: 'repeat(4, 1fr)' },
        }}
      >
        {cards.map((card) => (
          <li key={card.path}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardActionArea component={RouterLink} to={card.path} sx={{ height: '100%', alignItems: 'flex-start' }}>
                <CardContent>
                  <Typography variant="h6" component="h3" gutterBottom>
                    <SlashBreaks text={card.title} />
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {card.text}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </li>
        ))}
      </Box>
    </Box>
  );
}

/**
 * How wide the picture is shown: the page's content width (the layout's Container, `lg`:
 * 1152 px from 1200 px on, the screen less 2 × 24 px from 600 px, less 2 × 16 px below), so
 * that a phone loads the 480, 720 or 960 px file and not the 1920 px one.
 */
const HOME_PICTURE_SIZES = '(min-width: 1200px) 1152px, (min-width: 600px) calc(100vw - 48px), calc(100vw - 32px)';

/**
 * The club's picture as a wide header (issue 26.3): its box is known from CSS (16:9 on
 * phones, 3:1 on larger screens, the picture cropped to it) and from width and height, so
 * nothing moves when it arrives; it is the page's largest element, so it is fetched first.
 */
export function HomeHeaderPicture({ picture }: { picture: HomePicture }) {
  const largest = picture.sources[picture.sources.length - 1]!;
  const fallback = picture.sources.find((source) => source.width >= 960) ?? largest;
  return (
    <Box
      component="img"
      src={fallback.url}
      srcSet={picture.sources.map((source) => `${source.url} ${source.width}w`).join(', ')}
      sizes={HOME_PICTURE_SIZES}
      width={largest.width}
      height={largest.height}
      alt={picture.alt}
      fetchPriority="high"
      sx={{ display: 'block', width: '100%', height: 'auto', aspectRatio: { xs: '16 / 9', md: '3 / 1' }, objectFit: 'cover', borderRadius: 1, mb: 3, bgcolor: 'grey.200' }}
    />
  );
}

/** Home (SPEC §2): welcome text, the notices that are switched on, and cards to the sections, the words from the club's data. */
export function HomePage() {
  const profile = useClubProfile().data;
  const texts = useHomeTexts().data;
  const pictures = useClubPictures().data;
  const origin = useSiteOrigin();
  return (
    <>
      {pictures?.home && <HomeHeaderPicture picture={pictures.home} />}
      <PageTitle>Willkommen</PageTitle>
      {/* The home page is the club's own: its name alone titles it. */}
      <PageHead
        title={profile?.name}
        description={profile && texts ? `${profile.name}${profile.city ? ` in ${profile.city}` : ''}: ${texts.welcome}` : undefined}
        structuredData={origin && profile ? [sportsClub(profile, origin, pictures)] : undefined}
      />
      {texts ? <HomeWelcome texts={texts} /> : <Skeleton variant="text" height={72} sx={{ mb: 3 }} aria-hidden />}
      <EnabledNotices />
      <CourseAtAGlance />
      <LatestNews />
      <NextAppointments />
      {texts && <SectionCards cards={texts.cards} />}
    </>
  );
}
