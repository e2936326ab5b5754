import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Carousel, type CarouselSlide } from '../../components/Carousel.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';

/** Drawings instead of photos, until the club chooses pictures of its own for this page. */
const SLIDES: readonly CarouselSlide[] = [
  {
    src: '/about/stand.svg',
    alt: 'Zeichnung einer Luftgewehr-Zielscheibe mit Ringen und schwarzem Zentrum',
    title: 'Luftgewehr und Luftpistole',
    caption: 'Zehn Stände für Training und Wettkampf, ab 12 Jahren.',
  },
  {
    src: '/about/parcours.svg',
    alt: 'Zeichnung eines 3D-Tierziels zwischen Tannen auf einer Wiese',
    title: '3D-Bogenparcours',
    caption: '28 Tierziele im Gelände, 600 m Fußweg vom Parkplatz.',
  },
  {
    src: '/about/bogen.svg',
    alt: 'Zeichnung eines gespannten Bogens mit eingelegtem Pfeil',
    title: 'Bogensport',
    caption: 'Training für Einsteiger und Erfahrene, drinnen wie draußen.',
  },
  {
    src: '/about/blasrohr.svg',
    alt: 'Zeichnung eines Blasrohrs, das auf eine runde Zielscheibe gerichtet ist',
    title: 'Blasrohr',
    caption: 'Konzentration und Atemtechnik für alle Altersgruppen.',
  },
];

/** About (SPEC §2): a carousel and the club's history. */
export function AboutPage() {
  return (
    <>
      <PageTitle>Über uns</PageTitle>
      <Carousel label="Bilder aus dem Verein" slides={SLIDES} />
      <Box component="section" aria-labelledby="about-history" sx={{ maxWidth: 800 }}>
        <Typography id="about-history" variant="h5" component="h2" gutterBottom>
          Unsere Geschichte
        </Typography>
        <Typography sx={{ mb: 2 }}>
          Unser Verein wurde von einer kleinen Gruppe sportbegeisterter Bürgerinnen und Bürger gegründet, die das
          Schießen als Sport betreiben und die Geselligkeit im Ort pflegen wollten. In den ersten Jahren trainierten
          die Mitglieder in geliehenen Räumen, bis mit viel Eigenleistung ein eigenes Vereinsheim entstand.
        </Typography>
        <Typography sx={{ mb: 2 }}>
          Mit dem Vereinsheim kam der Luftgewehr- und Luftpistolenstand mit heute zehn Ständen. Hier trainieren
          Schülerinnen, Schüler, Jugendliche und Erwachsene; mit dem Luftgewehr und der Luftpistole kann man bei uns
          ab 12 Jahren beginnen. Unsere Mannschaften nehmen an Rundenwettkämpfen und Meisterschaften teil.
        </Typography>
        <Typography sx={{ mb: 2 }}>
          Später wuchs der Verein um eine Bogenabteilung. Aus den ersten Scheiben auf der Wiese wurde nach und nach
          unser 3D-Bogenparcours mit 28 Tierzielen im Gelände, den auch Gäste gegen eine Tagesgebühr nutzen können.
          Zuletzt kam das Blasrohrschießen hinzu, das Jung und Alt gleichermaßen Freude macht.
        </Typography>
        <Typography sx={{ mb: 2 }}>
          Getragen wird der Verein bis heute vom Ehrenamt: Mitglieder übernehmen die Standaufsicht, bewirten Gäste,
          pflegen den Parcours und bilden den Nachwuchs aus. Wer uns kennenlernen möchte, ist zu den Schießzeiten
          herzlich willkommen.
        </Typography>
      </Box>
    </>
  );
}
