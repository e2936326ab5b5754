import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { paragraphsOf } from '../../../shared/clubData.ts';
import { Carousel, type CarouselSlide } from '../../components/Carousel.tsx';
import { PageHead } from '../../components/PageHead.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { usePublicAlbums, usePublicImages } from '../../galleries.ts';
import { useClubTexts } from '../../publicContent.ts';

/** Drawings, shown until the club's own gallery (section Verein) has pictures. */
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

/** The carousel turns through at most this many of the newest club pictures. */
const MAX_PHOTOS = 12;

/** The newest pictures of the club section's albums, or the drawings while there are none. */
function useAboutSlides(): readonly CarouselSlide[] | null {
  const images = usePublicImages({ section: 'club' });
  const albums = usePublicAlbums('club');
  if (images.isPending) return null;
  const photos = images.data ?? [];
  if (photos.length === 0) return SLIDES;
  const albumNames = new Map((albums.data ?? []).map((album) => [album.id, album.name]));
  return photos
    .slice(-MAX_PHOTOS)
    .reverse()
    .map((image) => {
      const albumName = albumNames.get(image.album_id) ?? 'Galerie';
      return {
        src: image.url,
        alt: image.title.trim() !== '' ? image.title : `Bild aus dem Album ${albumName}`,
        title: albumName,
        caption: image.title,
      };
    });
}

/** About (SPEC §2): a carousel and the club's history (club data, edited in the panel 'Vereinsdaten'). */
export function AboutPage() {
  const slides = useAboutSlides();
  const texts = useClubTexts().data;
  const history = texts ? paragraphsOf(texts.history) : [];
  return (
    <>
      <PageTitle>Über uns</PageTitle>
      {/* A photo of the club's own, not the drawings shown while there is none. */}
      <PageHead description={history[0]} image={slides?.find((slide) => slide.src.startsWith('/files/'))?.src} />
      {slides && <Carousel label="Bilder aus dem Verein" slides={slides} />}
      <Box component="section" aria-labelledby="about-history" sx={{ maxWidth: 800 }}>
        <Typography id="about-history" variant="h5" component="h2" gutterBottom>
          Unsere Geschichte
        </Typography>
        {texts ? (
          history.map((paragraph, index) => (
            <Typography key={index} sx={{ mb: 2, whiteSpace: 'pre-line' }}>
              {paragraph}
            </Typography>
          ))
        ) : (
          <Skeleton variant="rectangular" height={160} aria-hidden />
        )}
      </Box>
    </>
  );
}
