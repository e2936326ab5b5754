import { z } from 'zod';
import { isSectionSlug, SECTION_SLUG_MAX, UNKNOWN_SECTION } from '../sectionGroups.ts';

/** A section named by its slug, as the canonical addresses spell it; any other spelling is unknown. */
export const sectionSlugSchema = z
  .string({ error: UNKNOWN_SECTION })
  .max(SECTION_SLUG_MAX, { error: UNKNOWN_SECTION })
  .refine(isSectionSlug, { error: UNKNOWN_SECTION });

/**
 * The public calendar and its feed: all public appointments (no input, or no section), or
 * those of one section (issue 26). Strict: an unknown field is refused, and the kept
 * answer is keyed by the validated input (http/public-cache.ts), so `{}` and no input
 * share one.
 */
export const publicCalendarInput = z
  .strictObject({ section: sectionSlugSchema.optional() })
  .optional()
  .transform((input) => (input?.section === undefined ? undefined : input));
export type PublicCalendarInput = z.input<typeof publicCalendarInput>;
