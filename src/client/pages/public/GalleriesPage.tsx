import { useParams } from 'react-router';
import { GALLERY_SLUGS } from '../../../shared/constants.ts';
import { PageTitle } from '../../components/PageTitle.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';

export type GallerySlug = keyof typeof GALLERY_SLUGS;

export function isGallerySlug(value: string): value is GallerySlug {
  return Object.hasOwn(GALLERY_SLUGS, value);
}

/** Galleries (SPEC §2): /galerien/{verein|lg-lp|bogen|blasrohr}; the tabs and albums follow with their own issue. */
export function GalleriesPage() {
  const { section } = useParams();
  if (section !== undefined && !isGallerySlug(section)) return <NotFoundPage />;
  return <PageTitle>Galerien</PageTitle>;
}
