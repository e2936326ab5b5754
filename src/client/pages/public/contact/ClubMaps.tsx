import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { ClubProfile, Coordinates } from '../../../../shared/clubProfile.ts';
import { MAP_CONSENT_KEY } from '../../../../shared/browserData.ts';
import { useMapConsent } from '../../../mapConsent.ts';
import { storedChoiceMark } from '../../../storedChoice.ts';

interface Place {
  title: string;
  at: Coordinates;
}

/** The places with a map: club house and range when the profile places them, and the course. */
export function mapPlaces(profile: ClubProfile): Place[] {
  const places: Place[] = [];
  if (profile.clubHouse) places.push({ title: 'Vereinsheim', at: profile.clubHouse });
  if (profile.range) places.push({ title: 'Schießstand LG/LP', at: profile.range });
  places.push({ title: '3D-Bogenparcours', at: { lat: profile.course.lat, lon: profile.course.lon } });
  return places;
}

/** About 1 km around the place. */
const SPAN = 0.006;

function embedUrl({ lat, lon }: Coordinates): string {
  const bbox = [lon - SPAN * 1.6, lat - SPAN, lon + SPAN * 1.6, lat + SPAN].map((value) => value.toFixed(5)).join(',');
  return `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${lat.toFixed(5)},${lon.toFixed(5)}`;
}

function largerMapUrl({ lat, lon }: Coordinates): string {
  return `https://www.openstreetmap.org/?mlat=${lat.toFixed(5)}&mlon=${lon.toFixed(5)}#map=16/${lat.toFixed(5)}/${lon.toFixed(5)}`;
}

/**
 * The maps of the contact page (SPEC §2, §4): OpenStreetMap embeds, loaded only once the
 * visitor has agreed. Before that the page names what would be loaded and from where and
 * requests nothing from OpenStreetMap.
 */
export function ClubMaps({ profile }: { profile: ClubProfile }) {
  const consent = useMapConsent();
  const places = mapPlaces(profile);
  if (!consent.granted) {
    return (
      // What the server renders for everyone; a browser that stored the consent starts the app at once to show the maps.
      <Paper variant="outlined" sx={{ p: 2, maxWidth: 800 }} {...storedChoiceMark(MAP_CONSENT_KEY)}>
        <Typography gutterBottom>
          Hier zeigen wir Karten von OpenStreetMap ({places.map((place) => place.title).join(', ')}). Beim Laden der Karten
          stellt dein Browser eine Verbindung zu den Servern von OpenStreetMap her und überträgt dabei deine IP-Adresse.
          Mehr dazu in der{' '}
          <Link component={RouterLink} to="/datenschutz">
            Datenschutzerklärung
          </Link>
          .
        </Typography>
        <Button variant="contained" onClick={consent.grant}>
          Karten laden
        </Button>
      </Paper>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(auto-fit, minmax(300px, 1fr))' } }}>
      {places.map((place) => (
        <Box component="figure" key={place.title} sx={{ m: 0 }}>
          <Box
            component="iframe"
            title={`Karte: ${place.title}`}
            src={embedUrl(place.at)}
            loading="lazy"
            referrerPolicy="no-referrer"
            sx={{ width: '100%', height: 300, border: 0, display: 'block' }}
          />
          <Typography component="figcaption" variant="body2" sx={{ mt: 0.5 }}>
            {place.title} –{' '}
            <Link href={largerMapUrl(place.at)} target="_blank" rel="noopener noreferrer">
              Größere Karte anzeigen
            </Link>
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
