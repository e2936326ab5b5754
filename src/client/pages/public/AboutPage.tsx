import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { ABOUT_DRAWINGS, type AboutCaption } from '../../../shared/aboutSlides.ts';
import { paragraphsOf } from '../../../shared/clubData.ts';
import { Carousel, type CarouselSlide } from '../../components/Carousel.tsx';
import { PageHead } from '../../components/PageHead.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { imageSources, usePublicAlbums, usePublicImages } from '../../galleries.ts';
import { useAboutCaptions, useClubTexts } from '../../publicContent.ts';

/** The drawings with the club's titles and captions, shown until the club's own gallery (section Verein) has pictures (also the panel's preview). */
export function drawingSlides(captions: readonly AboutCaption[]): CarouselSlide[] {
  return ABOUT_DRAWINGS.map((drawing) => {
    const entry = captions.find((candidate) => candidate.slide === drawing.key);
    return { src: drawing.src, alt: drawing.alt, title: entry?.title ?? '', caption: entry?.caption ?? '' };
  });
}

/** The carousel turns through at most this many of the newest club pictures. */
const MAX_PHOTOS = 12;

/** The newest pictures of the club section's albums, or the drawings while there are none. */
function useAboutSlides(): readonly CarouselSlide[] | null {
  const images = usePublicImages({ section: 'club' });
  const albums = usePublicAlbums('club');
  const captions = useAboutCaptions();
  if (images.isPending) return null;
  const photos = images.data ?? [];
  if (photos.length === 0) return captions.data ? drawingSlides(captions.data.captions) : null;
  const albumNames = new Map((albums.data ?? []).map((album) => [album.id, album.name]));
  return photos
    .slice(-MAX_PHOTOS)
    .reverse()
    .map((image) => {
      const albumName = albumNames.get(image.album_id) ?? 'Galerie';
      return {
        src: image.medium_url ?? image.url,
        srcSet: imageSources(image),
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
