import { z } from 'zod';
import { isSectionSlug, SECTION_SLUG_MAX, UNKNOWN_SECTION } from '../sectionGroups.ts';

/** A section named by its slug, as the canonical addresses spell it; any other spelling is unknown. */
export const sectionSlugSchema = z
  .string({ error: UNKNOWN_SECTION })
  .max(SECTION_SLUG_MAX, { error: UNKNOWN_SECTION })
  .refine(isSectionSlug, { error: UNKNOWN_SECTION });

/**
 * The public calendar and its feed: all public appointments (no input), or those of one
 * section (issue 26). Strict, and without an empty object: each answer has one spelling of
 * its input, so no other spelling becomes a kept answer of its own.
 */
export const publicCalendarInput = z.strictObject({ section: sectionSlugSchema }).optional();
export type PublicCalendarInput = z.input<typeof publicCalendarInput>;
