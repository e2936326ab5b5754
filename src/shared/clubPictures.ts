/**
 * The club's face (issue 26.3): its logo and the home page's picture, uploaded in the back
 * office (panel 'Logo und Titelbild') and turned by the storage's image pipeline into the
 * files every place needs. Without uploads the site keeps its own drawings (public/).
 */

export const CLUB_PICTURE_ROLES = ['logo', 'home'] as const;
export type ClubPictureRole = (typeof CLUB_PICTURE_ROLES)[number];

export const CLUB_PICTURE_LABELS: Record<ClubPictureRole, string> = { logo: 'Logo', home: 'Titelbild' };

/** The home picture is shown up to the page's full width (1152 px): a smaller one would look blurred. */
export const HOME_PICTURE_MIN_WIDTH = 1200;
/** What the alternative text may hold: a sentence, not an essay. */
export const PICTURE_ALT_MAX = 250;

export const CLUB_PICTURE_MESSAGES = {
  missingLogo: 'Bitte wähle ein Logo aus.',
  missingPicture: 'Bitte wähle ein Titelbild aus.',
  pictureType: 'Das Titelbild muss ein Bild im Format JPEG, PNG, WebP, GIF oder HEIC sein.',
  unreadableLogo: 'Das Logo konnte nicht als Bild gelesen werden.',
  unreadablePicture: 'Das Titelbild konnte nicht als Bild gelesen werden.',
  tooNarrow: `Das Titelbild muss mindestens ${HOME_PICTURE_MIN_WIDTH} Pixel breit sein.`,
  missingAlt: 'Bitte beschreibe, was auf dem Bild zu sehen ist (Bildbeschreibung).',
  altTooLong: `Die Bildbeschreibung darf höchstens ${PICTURE_ALT_MAX} Zeichen lang sein.`,
  unknownRole: 'Unbekanntes Bild: erlaubt sind „logo“ und „home“.',
  noPicture: 'Es ist kein Titelbild hochgeladen.',
  logoSaved: 'Logo gespeichert',
  pictureSaved: 'Titelbild gespeichert',
  altSaved: 'Bildbeschreibung gespeichert',
  logoRemoved: 'Logo entfernt',
  pictureRemoved: 'Titelbild entfernt',
} as const;

/** One generated file: its address under /files/ and its size in pixels. */
export interface PictureFile {
  url: string;
  width: number;
  height: number;
}

/** The logo as the pages use it. */
export interface ClubLogo {
  /** WebP for the header, 1x and 2x of its 40 px height. */
  header: PictureFile;
  header2x: PictureFile;
  /** Square PNGs: the favicon, the home screen and the web app manifest. */
  icon32: PictureFile;
  icon192: PictureFile;
  icon512: PictureFile;
  /** 180 px PNG on white for iPhones' home screens (apple-touch-icon), which show transparency as black. */
  touchIcon: PictureFile;
  /** 1200 × 630 JPEG for link previews (og:image) of pages without a picture of their own. */
  preview: PictureFile;
}

/** The home page's picture as the page uses it. */
export interface HomePicture {
  alt: string;
  /** WebP widths, smallest first, for `srcset`; the largest gives the picture's proportions. */
  sources: PictureFile[];
  preview: PictureFile;
}

export interface ClubPictures {
  logo: ClubLogo | null;
  home: HomePicture | null;
}

export const NO_CLUB_PICTURES: ClubPictures = { logo: null, home: null };

/** The picture a shared link shows when its page has none: the home picture, else the logo, else none of the club's own (the site's drawing). */
export function previewPicture(pictures: ClubPictures | undefined): PictureFile | undefined {
  return pictures?.home?.preview ?? pictures?.logo?.preview;
}
