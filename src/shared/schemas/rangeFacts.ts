import { z } from 'zod';
import type { RangeFacts } from '../rangeFacts.ts';
import { whole } from './courseFacts.ts';

/**
 * The air gun range's facts as the panel 'Luftdruckstand: Fakten' saves them
 * (`club.updateRangeFacts`, `PUT /api/club/range`), with German messages. Numbers come as
 * numbers or as the form's text; an empty minimum age is none.
 */

export const RANGE_FACTS_LIMITS = { lanes: 200, minimumAge: 99 } as const;

export const rangeFactsInput = z.object({
  lanes: whole('Die Anzahl der Stände', 1, RANGE_FACTS_LIMITS.lanes),
  minimumAge: z.preprocess((value) => (value === '' || value === undefined ? null : value), whole('Das Mindestalter', 1, RANGE_FACTS_LIMITS.minimumAge).nullable()),
});

export type RangeFactsInput = z.input<typeof rangeFactsInput>;

// What a save stores must be the facts; this fails to compile when they drift apart.
export const parseRangeFacts = (raw: unknown): z.ZodSafeParseResult<RangeFacts> => rangeFactsInput.safeParse(raw);
