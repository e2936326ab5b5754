import { z } from 'zod';
import { isSectionSlug, SECTION_SLUG_MAX, UNKNOWN_SECTION } from '../sectionGroups.ts';

/** A section named by its slug, as the canonical addresses spell it; any other spelling is unknown. */
export const sectionSlugSchema = z
  .string({ error: UNKNOWN_SECTION })
  .max(SECTION_SLUG_MAX, { error: UNKNOWN_SECTION })
  .refine(isSectionSlug, { error: UNKNOWN_SECTION });

/** The public calendar and its feed: all public appointments, or those of one section (issue 26). */
export const publicCalendarInput = z.object({ section: sectionSlugSchema.optional() }).optional();
export type PublicCalendarInput = z.input<typeof publicCalendarInput>;
