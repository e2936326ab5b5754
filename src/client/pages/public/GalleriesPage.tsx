import { EMPTY_TABLE_TEXT } from '../../../shared/constants.ts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { Suspense, useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import type { AlbumView } from '../../../shared/schemas/galleries.ts';
import { onDemand } from '../../components/onDemand.ts';
import { PageHead } from '../../components/PageHead.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { GALLERY_QUERY, readPageQuery } from '../../publicPages.ts';
import type { PageHeadData } from '../../render/serverRender.ts';
import { GALLERY_TABS, imageAlt, imageSources, isGallerySlug, usePublicAlbums, usePublicImages, type GallerySlug } from '../../galleries.ts';
import { NotFoundPage } from './NotFoundPage.tsx';
import { NewsBackLinks } from './news/NewsBackLinks.tsx';


function Loading() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
      <CircularProgress aria-label="Wird geladen" />
    </Box>
  );
}

/** Pictures of an album at the top of the screen, loaded without waiting for the layout. */
const EAGER_PICTURES = 4;

/** An album as a card: up to four thumbnails in a square, then its name. */
function AlbumCard({ album, slug }: { album: AlbumView; slug: GallerySlug }) {
  return (
    <Card variant="outlined">
      <CardActionArea component={RouterLink} to={`/galerien/${slug}?album=${album.id}`}>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: album.thumbnails.length > 1 ? '1fr 1fr' : '1fr',
            // Rows fixed as well: sized by their pictures, they would jump while those load.
            gridTemplateRows: album.thumbnails.length > 2 ? '1fr 1fr' : '1fr',
            gap: '2px',
            aspectRatio: '1 / 1',
            bgcolor: 'grey.200',
          }}
        >
          {album.thumbnails.map((url) => (
            // The album's name below says what the card is; the small pictures are decoration.
            <Box key={url} component="img" src={url} alt="" loading="lazy" sx={{ width: '100%', height: '100%', objectFit: 'cover', minHeight: 0 }} />
          ))}
        </Box>
        <CardContent>
          {/* The page's h1 is 'Galerien'; the albums are its sections. */}
          <Typography variant="h6" component="h2">
            {album.name}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

function AlbumList({ slug, albums }: { slug: GallerySlug; albums: readonly AlbumView[] }) {
  if (albums.length === 0) return <Typography>{EMPTY_TABLE_TEXT}</Typography>;
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}>
      {albums.map((album) => (
        <li key={album.id}>
          <AlbumCard album={album} slug={slug} />
        </li>
      ))}
    </Box>
  );
}

/** The lightbox (a modal dialog) is not needed until a picture is opened. */
const lightbox = onDemand(async () => (await import('../../components/Lightbox.tsx')).Lightbox);

/** One album's images in columns (masonry), each opening the lightbox. */
function AlbumImages({ albumId, albumName, backTo }: { albumId: number; albumName: string; backTo: string }) {
  const images = usePublicImages({ album_id: albumId });
  const [open, setOpen] = useState<number | null>(null);
  // Stays true after the first picture was opened, so that the lightbox can play its closing transition.
  const [wanted, setWanted] = useState(false);
  const list = images.data ?? [];
  const count = list.length;
  return (
    <Box component="section" aria-labelledby="album-title">
      <Button component={RouterLink} to={backTo} startIcon={<ArrowBackIcon />} sx={{ mb: 2 }}>
        Zurück zur Übersicht
      </Button>
      <Typography id="album-title" variant="h5" component="h2" gutterBottom>
        {albumName}
      </Typography>
      <Box sx={{ mb: 2 }}>
        <NewsBackLinks kind="albums" id={albumId} />
      </Box>
      {images.isPending ? (
        <Loading />
      ) : count === 0 ? (
        images.isSuccess && <Typography>{EMPTY_TABLE_TEXT}</Typography>
      ) : (
        // Two columns already on a phone: each picture is then half the screen, which its
        // thumbnail fills sharply, instead of a full photo of a few hundred kilobytes each.
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, columnGap: 1, columnCount: { xs: 2, md: 3, lg: 4 } }}>
          {list.map((image, index) => (
            <Box component="li" key={image.id} sx={{ breakInside: 'avoid', mb: 1 }}>
              <Box
                component="button"
                type="button"
                onPointerEnter={lightbox.preload}
                onFocus={lightbox.preload}
                onClick={() => {
                  setWanted(true);
                  setOpen(index);
                }}
                sx={{ display: 'block', width: '100%', p: 0, border: 0, bgcolor: 'transparent', cursor: 'zoom-in', '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 } }}
              >
                <Box
                  component="img"
                  src={image.thumbnail_url}
                  srcSet={imageSources(image)}
                  sizes="(min-width: 1200px) 300px, (min-width: 900px) 33vw, 50vw"
                  width={image.width}
                  height={image.height}
                  // The first pictures are what the visitor sees first: fetched at once, the first one first.
                  loading={index < EAGER_PICTURES ? 'eager' : 'lazy'}
                  fetchPriority={index === 0 ? 'high' : 'auto'}
                  decoding="async"
                  alt={imageAlt(image, index, count, albumName)}
                  sx={{ display: 'block', width: '100%', height: 'auto', borderRadius: 1 }}
                />
              </Box>
            </Box>
          ))}
        </Box>
      )}
      {wanted && (
        <Suspense fallback={null}>
          <lightbox.Component
            images={list.map((image, index) => ({ src: image.url, alt: imageAlt(image, index, count, albumName), width: image.width, height: image.height }))}
            index={open}
            onIndexChange={setOpen}
            onClose={() => setOpen(null)}
          />
        </Suspense>
      )}
    </Box>
  );
}

/** What a shared link to the gallery shows: the album (its first photo) or the section's albums. */
function galleryHead(sectionLabel: string, album: AlbumView | undefined, albums: readonly AlbumView[] | undefined): Partial<PageHeadData> {
  if (album) {
    return {
      title: `${album.name} – Galerien`,
      description: `Fotos des Albums „${album.name}“ der Sparte ${sectionLabel}.`,
      image: album.thumbnails[0],
    };
  }
  const names = (albums ?? []).slice(0, 5).map((entry) => entry.name);
  return {
    description: names.length > 0 ? `Fotoalben der Sparte ${sectionLabel}: ${names.join(', ')}.` : `Fotoalben der Sparte ${sectionLabel}.`,
    image: albums?.find((entry) => entry.thumbnails.length > 0)?.thumbnails[0],
  };
}

/**
 * Galleries (SPEC §2): /galerien/{verein|lg-lp|bogen|blasrohr}. The tab follows the route
 * and changes it; `?album=<id>` shows that album, so an album can be linked directly.
 */
export function GalleriesPage() {
  const { section } = useParams();
  const [search] = useSearchParams();
  const slug: GallerySlug = section !== undefined && isGallerySlug(section) ? section : 'verein';
  const tab = GALLERY_TABS.find((entry) => entry.slug === slug) ?? GALLERY_TABS[0]!;
  const albums = usePublicAlbums(tab.section);
  const query = readPageQuery(GALLERY_QUERY, search);
  const albumId = query?.album === undefined ? null : Number(query.album);

  if (section !== undefined && !isGallerySlug(section)) return <NotFoundPage />;

  const album = albumId === null ? undefined : albums.data?.find((entry) => entry.id === albumId);
  // An address naming an album this section does not have (or no album at all, or two) is unknown.
  if (query === null || (albumId !== null && albums.isSuccess && !album)) return <NotFoundPage />;
  let content;
  if (albums.isPending) content = <Loading />;
  else if (album) content = <AlbumImages albumId={album.id} albumName={album.name} backTo={`/galerien/${slug}`} />;
  else if (albums.data) content = <AlbumList slug={slug} albums={albums.data} />;

  return (
    <>
      <PageTitle>Galerien</PageTitle>
      <PageHead {...galleryHead(tab.label, album, albums.data)} />
      {/* The tabs are links: they work before the app has started and without JavaScript. */}
      <Tabs
        value={slug}
        aria-label="Sparten"
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {GALLERY_TABS.map((entry) => (
          <Tab
            key={entry.slug}
            value={entry.slug}
            label={entry.label}
            component={RouterLink}
            to={`/galerien/${entry.slug}`}
            id={`gallery-tab-${entry.slug}`}
            aria-controls="gallery-tabpanel"
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id="gallery-tabpanel" aria-labelledby={`gallery-tab-${slug}`}>
        {content}
      </Box>
    </>
  );
}
