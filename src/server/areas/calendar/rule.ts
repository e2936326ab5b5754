import type { Recurrence } from '../../../shared/recurrence.ts';
import { recurrenceSchema } from '../../../shared/schemas/calendar.ts';

/** A series' stored rule (JSON written from a checked input) read back. */
export function parseRule(json: string): Recurrence {
  return recurrenceSchema.parse(JSON.parse(json));
}
