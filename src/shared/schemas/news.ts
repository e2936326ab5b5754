import { z } from 'zod';
import { SECTIONS } from '../constants.ts';
import { fromClubDateTime, isApiDateTime } from '../dates.ts';
import { NEWS_STATES, NEWS_TEASER_MAX, NEWS_TITLE_MAX, isNewsSlug, newsSectionOfSlug } from '../news.ts';
import { idSchema, optionalText, requiredText } from './fields.ts';
import { newsDocumentSchema } from './newsDocument.ts';

export const NEWS_MESSAGES = {
  saved: 'Artikel gespeichert',
  published: 'Artikel veröffentlicht',
  scheduled: 'Artikel geplant',
  deleted: 'Artikel gelöscht',
  pictureStored: 'Bild hochgeladen',
  notFound: 'Den Artikel gibt es nicht.',
  section: 'Bitte wähle Verein oder eine Sparte.',
  state: 'Bitte wähle Entwurf, Veröffentlicht oder Geplant.',
  publishAtMissing: 'Bitte gib an, wann der Artikel erscheinen soll.',
  publishAtFormat: 'Der Zeitpunkt muss als JJJJ-MM-TT HH:MM:SS angegeben werden.',
  publishAtSkipped: 'Diese Uhrzeit gibt es an diesem Tag nicht (Zeitumstellung).',
  publishAtPast: 'Der geplante Zeitpunkt muss in der Zukunft liegen.',
  unknownAppointment: 'Den gewählten Termin gibt es nicht.',
  unknownAlbum: 'Das gewählte Album gibt es nicht.',
  unknownCover: 'Das gewählte Titelbild gibt es nicht.',
  unknownImage: 'Das gewählte Bild gibt es nicht.',
  missingPicture: 'Bitte wähle ein Bild aus.',
  mailOnlyWhenPublished: 'Eine Mail an die Mitglieder geht nur mit dem Veröffentlichen hinaus: Wähle „Veröffentlichen“ oder einen Zeitpunkt.',
  unknownMailGroup: 'Eine der gewählten Gruppen gibt es nicht.',
  tooManyMailGroups: 'Bitte wähle höchstens 100 Gruppen.',
} as const;

/** The mail's recipients as its message after saving names them (issue 27.4). */
export function newsMailQueuedMessage(queued: number): string {
  return queued === 0
    ? 'Keine neue Mail: Alle Mitglieder der gewählten Gruppen haben den Artikel schon, wollen keine Artikel per Mail oder haben keine E-Mail-Adresse.'
    : `${queued} ${queued === 1 ? 'Mail' : 'Mails'} an Mitglieder in den Postausgang gelegt.`;
}


export const newsSection = z.enum(SECTIONS, { error: NEWS_MESSAGES.section });

/** An article as the back office saves it; `id` absent: a new one. The author is whoever saves it first. */
export const newsSaveInput = z
  .object({
    id: idSchema.optional(),
    title: requiredText('Der Titel', NEWS_TITLE_MAX),
    teaser: optionalText('Der Anreißer', NEWS_TEASER_MAX),
    body: newsDocumentSchema,
    section: newsSection,
    coverImageId: idSchema.nullable(),
    appointmentId: idSchema.nullable(),
    albumId: idSchema.nullable(),
    state: z.enum(NEWS_STATES, { error: NEWS_MESSAGES.state }),
    /**
     * Groups whose members get the article by mail once it appears (issue 27.4); only with
     * 'published' or 'scheduled'. Members who had it already get no second one.
     */
    mailGroupIds: z.array(idSchema).max(100, { error: NEWS_MESSAGES.tooManyMailGroups }).default([]),
    /** Only for 'scheduled': club-local `YYYY-MM-DD HH:mm:ss`. */
    publishAt: z
      .string()
      .trim()
      .refine(isApiDateTime, { error: NEWS_MESSAGES.publishAtFormat, abort: true })
      .refine((value) => fromClubDateTime(value) !== undefined, { error: NEWS_MESSAGES.publishAtSkipped })
      .nullish(),
  })
  .refine((value) => value.state !== 'scheduled' || (value.publishAt ?? null) !== null, { error: NEWS_MESSAGES.publishAtMissing, path: ['publishAt'] })
  .refine((value) => value.state !== 'draft' || value.mailGroupIds.length === 0, { error: NEWS_MESSAGES.mailOnlyWhenPublished, path: ['mailGroupIds'] });
export type NewsSaveInput = z.input<typeof newsSaveInput>;

export const newsIdInput = z.object({ id: idSchema });

/** A gallery picture made the cover of articles (copied into the news' own pictures). */
export const newsCoverFromGalleryInput = z.object({ imageId: idSchema });

const sectionSlug = z
  .string()
  .transform((value, ctx) => {
    const section = newsSectionOfSlug(value);
    if (section === undefined) {
      ctx.addIssue({ code: 'custom', message: NEWS_MESSAGES.section });
      return z.NEVER;
    }
    return section;
  });

/** Strict, as every shared read's input (its answer is kept under it). */
export const newsListInput = z
  .strictObject({
    /** The section's slug (verein, lg-lp, bogen, blasrohr). */
    sparte: sectionSlug.optional(),
    seite: z.coerce.number().int().min(1).max(10_000).optional(),
  })
  .optional();

export const newsArticleInput = z.strictObject({ slug: z.string().max(100).refine(isNewsSlug, { error: NEWS_MESSAGES.notFound }) });
