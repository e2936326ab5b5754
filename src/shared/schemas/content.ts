import { z } from 'zod';
import { LIMITS } from '../constants.ts';

/** SPEC §5 'Texts': info and alert texts, stored and shown exactly as typed (never trimmed). */

export const TEXT_MESSAGES = {
  tooLong: `Der Text darf nicht länger als ${LIMITS.text} Zeichen sein!`,
  notText: 'Der Text muss ein Text sein!',
  url: 'Die eingegebene Internetadresse ist nicht gültig! Eine Internetadresse muss mit http:// oder https:// beginnen.',
  identifier: 'Die Kennung fehlt!',
  enabled: 'Der Hinweis muss ein- oder ausgeschaltet sein (true/false oder 1/0)!',
} as const;

/**
 * Length as a person counts it: code points, so an emoji is one character (a JS string
 * counts it as two). The dashboard's counter uses the same function.
 */
export function textLength(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

export const infoTextSchema = z
  .string({ error: TEXT_MESSAGES.notText })
  .refine((text) => textLength(text) <= LIMITS.text, { error: TEXT_MESSAGES.tooLong });

/** An identifier as it arrives; unknown ones are answered with 404 by the procedure, not 422. */
export const identifierSchema = z.string({ error: TEXT_MESSAGES.identifier }).min(1, { error: TEXT_MESSAGES.identifier });

/** Strict, as the input of every shared read (see albumListInput in galleries.ts). */
export const infoIdentifierInput = z.strictObject({ identifier: identifierSchema });
export const alertIdentifierInput = z.strictObject({ identifier: identifierSchema });

/** Legacy clients send the switch as true/false or 0/1 (also as strings); all mean the same. */
export const enabledSchema = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])], { error: TEXT_MESSAGES.enabled })
  .transform((value) => value === true || value === 1 || value === '1' || value === 'true');

export function isHttpUrl(text: string): boolean {
  if (!/^https?:\/\/\S+$/i.test(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export const LIVERESULT_IDENTIFIER = 'liveresult';

export const infoUpdateInput = z.object({ identifier: identifierSchema, text: infoTextSchema });
export type InfoUpdateInput = z.input<typeof infoUpdateInput>;

/**
 * The live-result alert's text is the link shown on the archery results page, so it must
 * be an http(s) address. While it is switched off it may be empty (nothing is shown then);
 * a non-empty text must be an address even then, so switching it on later cannot publish junk.
 */
export const alertUpdateInput = z
  .object({ identifier: identifierSchema, enabled: enabledSchema, text: infoTextSchema })
  .superRefine((value, ctx) => {
    if (value.identifier !== LIVERESULT_IDENTIFIER) return;
    if (!value.enabled && value.text === '') return;
    if (!isHttpUrl(value.text)) ctx.addIssue({ code: 'custom', path: ['text'], message: TEXT_MESSAGES.url });
  });
export type AlertUpdateInput = z.input<typeof alertUpdateInput>;

export interface InfoEntry {
  identifier: string;
  text: string;
}

export interface AlertEntry {
  identifier: string;
  enabled: boolean;
  text: string;
}
