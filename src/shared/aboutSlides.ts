/**
 * The captions of the About carousel's drawings as data (issue 26.1): each drawing keeps
 * its picture and text alternative (they describe the file), its title and caption are the
 * club's. Kept in the database (table `club_about_slides`, migration 0022), edited in the
 * back office (panel 'Über uns: Bildunterschriften'), read by the About page and the
 * panel's preview. The drawings show until the club's own gallery (section Verein) has
 * pictures; those carry their own titles.
 *
 * Free of zod (public pages import it); the schema is in schemas/aboutSlides.ts.
 */

export const ABOUT_DRAWINGS = [
  { key: 'stand', src: '/about/stand.svg', alt: 'Zeichnung einer Luftgewehr-Zielscheibe mit Ringen und schwarzem Zentrum' },
  { key: 'parcours', src: '/about/parcours.svg', alt: 'Zeichnung eines 3D-Tierziels zwischen Tannen auf einer Wiese' },
  { key: 'bogen', src: '/about/bogen.svg', alt: 'Zeichnung eines gespannten Bogens mit eingelegtem Pfeil' },
  { key: 'blasrohr', src: '/about/blasrohr.svg', alt: 'Zeichnung eines Blasrohrs, das auf eine runde Zielscheibe gerichtet ist' },
] as const;
export type AboutDrawing = (typeof ABOUT_DRAWINGS)[number]['key'];
export const ABOUT_DRAWING_KEYS = ABOUT_DRAWINGS.map((drawing) => drawing.key) as [AboutDrawing, ...AboutDrawing[]];

export interface AboutCaption {
  slide: AboutDrawing;
  title: string;
  caption: string;
}

/** What each drawing is called in the form and in a save's log line. */
export const ABOUT_DRAWING_LABELS: Record<AboutDrawing, string> = {
  stand: 'Bild Luftgewehr und Luftpistole',
  parcours: 'Bild 3D-Bogenparcours',
  bogen: 'Bild Bogensport',
  blasrohr: 'Bild Blasrohr',
};

/**
 * Today's captions, without the figures they used to state (ten stands, from 12, 28 targets,
 * 600 m): those belong to the facts of their pages, and a caption repeating them would go
 * stale with the next change there.
 */
export const DEFAULT_ABOUT_CAPTIONS: AboutCaption[] = [
  { slide: 'stand', title: 'Luftgewehr und Luftpistole', caption: 'Unser Luftdruckstand für Training und Wettkampf.' },
  { slide: 'parcours', title: '3D-Bogenparcours', caption: 'Tierziele im Gelände, zu Fuß vom Parkplatz aus erreichbar.' },
  { slide: 'bogen', title: 'Bogensport', caption: 'Training für Einsteiger und Erfahrene, drinnen wie draußen.' },
  { slide: 'blasrohr', title: 'Blasrohr', caption: 'Konzentration und Atemtechnik für alle Altersgruppen.' },
];

/** The labels of the drawings whose title or caption differ (a save's log line). */
export function differingAboutCaptions(before: readonly AboutCaption[], after: readonly AboutCaption[]): string[] {
  return after
    .filter((entry) => {
      const old = before.find((candidate) => candidate.slide === entry.slide);
      return !old || old.title !== entry.title || old.caption !== entry.caption;
    })
    .map((entry) => ABOUT_DRAWING_LABELS[entry.slide]);
}
