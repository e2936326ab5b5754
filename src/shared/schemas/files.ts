import { z } from 'zod';
import { LIMITS, RESULT_SECTIONS } from '../constants.ts';
import { requiredText } from './fields.ts';

/** Messages of the uploads (SPEC §5 'Uploads'); the size limit message is built from the limit on the server. */
export const UPLOAD_MESSAGES = {
  missingFile: 'Bitte wähle eine Datei aus.',
  missingLogo: 'Bitte wähle ein Logo aus.',
  pdfOnly: 'Nur PDF-Dateien sind erlaubt.',
  logoType: 'Das Logo muss ein Bild im Format PNG, JPEG, WebP oder GIF sein.',
  unreadableImage: 'Das Logo konnte nicht als Bild gelesen werden.',
} as const;

export const URL_MESSAGE =
  'Die eingegebene Internetadresse ist nicht gültig! Eine Internetadresse muss mit http:// oder https:// beginnen.';

/** SPEC §5 'Sponsor': name required max 255; url optional, max 255, http:// or https://. */
export const sponsorFields = {
  name: requiredText('Der Sponsorname'),
  url: z
    .string({ error: URL_MESSAGE })
    .trim()
    .max(LIMITS.name, { error: `Die Internetadresse darf nicht länger als ${LIMITS.name} Zeichen sein!`, abort: true })
    .refine((value) => value === '' || isWebAddress(value), { error: URL_MESSAGE })
    .default(''),
};
export const sponsorFieldsInput = z.object(sponsorFields);
export type SponsorFieldsInput = z.input<typeof sponsorFieldsInput>;

export function isWebAddress(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    return new URL(value).hostname.length > 0;
  } catch {
    return false;
  }
}

export const SECTION_MESSAGE = 'Die Sparte muss gun, arch oder blowpipe sein!';
export const INTERNAL_MESSAGE = 'Intern muss 0 oder 1 sein!';

/** Multipart sends 0/1 (DESIGN §3); tRPC callers may send a boolean. */
const internalFlag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])], { error: INTERNAL_MESSAGE })
  .transform((value) => value === true || value === 1 || value === '1' || value === 'true');

/** A result file's fields besides the PDF: section gun|arch|blowpipe and internal (club members) or external. */
export const resultFields = {
  section: z.enum(RESULT_SECTIONS, { error: SECTION_MESSAGE }),
  internal: internalFlag,
};
export const resultFieldsInput = z.object(resultFields);
export type ResultFieldsInput = z.input<typeof resultFieldsInput>;

/** Strict, as the input of every shared read (see albumListInput). */
export const resultListInput = z.strictObject({ section: z.enum(RESULT_SECTIONS, { error: SECTION_MESSAGE }).optional() }).optional();
