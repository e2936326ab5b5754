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
import { PageTitle } from '../../components/PageTitle.tsx';
import { RichText } from '../../components/RichText.tsx';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { formatGermanDateTime } from '../../../shared/dates.ts';
import { PageHead } from '../../components/PageHead.tsx';
import type { HomeCard, HomeTexts } from '../../../shared/homeTexts.ts';
import { NEWS_PATH } from '../../../shared/news.ts';
import { PUBLIC_STALE_MS, useClubProfile, useHomeTexts, usePublicAlerts, usePublicAppointments } from '../../publicContent.ts';
import { trpc } from '../../trpc.ts';
import { NewsCards } from './news/NewsCards.tsx';
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

function NextAppointments() {
  const appointments = (usePublicAppointments().data ?? []).slice(0, HOME_APPOINTMENTS);
  if (appointments.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="home-appointments" sx={{ mb: 4 }}>
      <Typography id="home-appointments" variant="h5" component="h2" gutterBottom>
        Nächste Termine
      </Typography>
      <List dense disablePadding>
        {appointments.map((appointment) => (
          <ListItem key={appointment.id} disableGutters>
            <ListItemText
              primary={appointment.name}
              secondary={`${formatGermanDateTime(appointment.datetime_begin)} – ${formatGermanDateTime(appointment.datetime_end)}, ${appointment.location}`}
            />
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
    <Box component="section" aria-labelledby="home-sections">
      <Typography id="home-sections" variant="h5" component="h2" gutterBottom>
        Unsere Sparten
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
        {cards.map((card) => (
          <li key={card.path}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardActionArea component={RouterLink} to={card.path} sx={{ height: '100%', alignItems: 'flex-start' }}>
                <CardContent>
                  <Typography variant="h6" component="h3" gutterBottom>
                    {card.title}
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

/** Home (SPEC §2): welcome text, the notices that are switched on, and cards to the sections, the words from the club's data. */
export function HomePage() {
  const profile = useClubProfile().data;
  const texts = useHomeTexts().data;
  const origin = useSiteOrigin();
  return (
    <>
      <PageTitle>Willkommen</PageTitle>
      {/* The home page is the club's own: its name alone titles it. */}
      <PageHead
        title={profile?.name}
        description={profile && texts ? `${profile.name}${profile.city ? ` in ${profile.city}` : ''}: ${texts.welcome}` : undefined}
        structuredData={origin && profile ? [sportsClub(profile, origin)] : undefined}
      />
      {texts ? <HomeWelcome texts={texts} /> : <Skeleton variant="text" height={72} sx={{ mb: 3 }} aria-hidden />}
      <EnabledNotices />
      <LatestNews />
      <NextAppointments />
      {texts && <SectionCards cards={texts.cards} />}
    </>
  );
}
