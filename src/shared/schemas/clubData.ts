import { z } from 'zod';
import { SOCIAL_KINDS } from '../clubProfile.ts';
import { CLUB_DATA_LABELS, CONTACT_ADDRESS_FIELDS, SOCIAL_FIELDS, type ClubData } from '../clubData.ts';
import { CONTACT_RECIPIENTS } from '../constants.ts';
import { CONTACT_RECIPIENT_LABELS } from './contact.ts';
import { isWebAddress, URL_MESSAGE } from './files.ts';
import { optionalText, requiredText } from './fields.ts';
import { IBAN_MESSAGES, ibanProblem, isBic, normalizeIban } from '../iban.ts';

/** The club's data as the panel 'Vereinsdaten' saves it (`club.update`, `PUT /api/club`), with German messages. */

export const CLUB_DATA_LIMITS = {
  name: 255,
  street: 255,
  city: 255,
  phone: 64,
  email: 254,
  url: 500,
  history: 10_000,
  legal: 2000,
  /** A whole mail header: `Name <address>`. */
  mailbox: 255,
  /** The beneficiary's name in a GiroCode (EPC069-12) has at most 70 characters. */
  accountHolder: 70,
  /** Months the course book keeps names and phone numbers: one month to ten years. */
  retentionMonths: 120,
} as const;

export const CLUB_DATA_MESSAGES = {
  postalCode: (subject: string) => `${subject} muss aus genau 5 Ziffern bestehen!`,
  phone: 'Die Telefonnummer darf nur Ziffern, Leerzeichen und die Zeichen + / ( ) - enthalten!',
  email: 'Die E-Mail-Adresse des Vereins ist nicht gültig!',
  mailbox: (label: string) =>
    `Die Adresse für „${label}“ ist ungültig! Erlaubt ist genau eine E-Mail-Adresse, z. B. vorstand@example.org oder Vorstand <vorstand@example.org>.`,
  pair: 'Breite und Länge müssen beide angegeben oder beide leer gelassen werden!',
  retention: `Die Aufbewahrung des Parcoursbuchs muss eine ganze Zahl von 1 bis ${CLUB_DATA_LIMITS.retentionMonths} Monaten sein!`,
  bicWithoutIban: 'Eine BIC ohne IBAN nützt nichts: Bitte gib auch die IBAN an oder lass die BIC leer.',
} as const;

/** Empty, or an IBAN whose check digits hold; stored without spaces in upper case. */
const ibanField = z
  .string({ error: IBAN_MESSAGES.format })
  .transform(normalizeIban)
  .superRefine((value, context) => {
    const problem = value === '' ? undefined : ibanProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

/** Empty, or a BIC of 8 or 11 characters. */
const bicField = z
  .string({ error: IBAN_MESSAGES.bic })
  .transform((value) => value.replace(/\s+/g, '').toUpperCase())
  .refine((value) => value === '' || isBic(value), { error: IBAN_MESSAGES.bic });

/** Whole months, from a number or the form's text; 12 (one year) when left empty. */
const retentionMonths = z.preprocess(
  (value) => {
    if (value === undefined || value === null) return 12;
    if (typeof value !== 'string') return value;
    const text = value.trim();
    return text === '' ? 12 : /^\d+$/.test(text) ? Number(text) : Number.NaN;
  },
  z
    .number({ error: CLUB_DATA_MESSAGES.retention })
    .int({ error: CLUB_DATA_MESSAGES.retention })
    .min(1, { error: CLUB_DATA_MESSAGES.retention })
    .max(CLUB_DATA_LIMITS.retentionMonths, { error: CLUB_DATA_MESSAGES.retention }),
);

/** Empty, or five digits (a German postal code). */
function postalCode(subject: string) {
  return optionalText(subject, 5 + 20).refine((value) => value === '' || /^\d{5}$/.test(value), { error: CLUB_DATA_MESSAGES.postalCode(subject) });
}

/** Empty, or a web address starting with http:// or https:// (SPEC §5's message). */
function webAddress(subject: string) {
  return z
    .string({ error: URL_MESSAGE })
    .trim()
    .max(CLUB_DATA_LIMITS.url, { error: `${subject} darf nicht länger als ${CLUB_DATA_LIMITS.url} Zeichen sein!`, abort: true })
    .refine((value) => value === '' || isWebAddress(value), { error: URL_MESSAGE });
}

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const ADDRESS = new RegExp(`^(?:${z.regexes.email.source.replace(/^\^|\$$/g, '')})$`);

/**
 * Exactly one mailbox, `vorstand@example.org` or `Vorstand <vorstand@example.org>`, as
 * CONTACT_TO_* took it; never a list. The server checks it once more with the parser of
 * the outbox before saving.
 */
export function isMailbox(value: string): boolean {
  if (CONTROL_CHARACTER.test(value)) return false;
  const named = /^([^<>]*)<([^<>]+)>$/.exec(value);
  const address = named ? named[2]!.trim() : value;
  if (named && /[,;]/.test(named[1]!.replaceAll(/"[^"]*"/g, ''))) return false;
  return ADDRESS.test(address);
}

function mailbox(label: string) {
  return z
    .string({ error: CLUB_DATA_MESSAGES.mailbox(label) })
    .trim()
    .max(CLUB_DATA_LIMITS.mailbox, { error: `Die Adresse für „${label}“ darf nicht länger als ${CLUB_DATA_LIMITS.mailbox} Zeichen sein!`, abort: true })
    .refine((value) => value === '' || isMailbox(value), { error: CLUB_DATA_MESSAGES.mailbox(label) });
}

/**
 * A coordinate in degrees: a number, or text with a decimal point or comma (`50,55`), as
 * the form sends it. Empty is null.
 */
function coordinate(subject: string, limit: 90 | 180) {
  const range = `${subject} muss zwischen -${limit} und ${limit} liegen!`;
  return z.preprocess(
    (value) => {
      if (value === undefined || value === null) return null;
      if (typeof value !== 'string') return value;
      const text = value.trim();
      return text === '' ? null : /^[+-]?\d+(?:[.,]\d+)?$/.test(text) ? Number(text.replace(',', '.')) : Number.NaN;
    },
    z
      .number({ error: `${subject} muss eine Zahl sein, z. B. 50,5512!` })
      .min(-limit, { error: range })
      .max(limit, { error: range })
      .nullable(),
  );
}

function required(schema: ReturnType<typeof coordinate>, subject: string) {
  return schema
    .refine((value) => value !== null, { error: `${subject} darf nicht leer gelassen werden!` });
}

const socialFields = Object.fromEntries(SOCIAL_KINDS.map((kind) => [SOCIAL_FIELDS[kind], webAddress(`Die Internetadresse (${CLUB_DATA_LABELS[SOCIAL_FIELDS[kind]]})`)])) as Record<
  (typeof SOCIAL_FIELDS)[keyof typeof SOCIAL_FIELDS],
  ReturnType<typeof webAddress>
>;
const contactFields = Object.fromEntries(
  CONTACT_RECIPIENTS.map((recipient) => [CONTACT_ADDRESS_FIELDS[recipient], mailbox(CONTACT_RECIPIENT_LABELS[recipient])]),
) as Record<(typeof CONTACT_ADDRESS_FIELDS)[keyof typeof CONTACT_ADDRESS_FIELDS], ReturnType<typeof mailbox>>;

/** The places with an optional map: both coordinates or neither. */
const PAIRS = [
  ['clubHouseLat', 'clubHouseLon'],
  ['rangeLat', 'rangeLon'],
] as const;

export const clubDataInput = z
  .object({
    name: requiredText('Der Name des Vereins', CLUB_DATA_LIMITS.name),
    street: optionalText('Die Straße', CLUB_DATA_LIMITS.street),
    postalCode: postalCode('Die Postleitzahl'),
    city: optionalText('Der Ort', CLUB_DATA_LIMITS.city),
    phone: optionalText('Die Telefonnummer', CLUB_DATA_LIMITS.phone).refine((value) => /^[\d\s+/()-]*$/.test(value), { error: CLUB_DATA_MESSAGES.phone }),
    email: z
      .string({ error: CLUB_DATA_MESSAGES.email })
      .trim()
      .max(CLUB_DATA_LIMITS.email, { error: `Die E-Mail-Adresse darf nicht länger als ${CLUB_DATA_LIMITS.email} Zeichen sein!`, abort: true })
      .refine((value) => value === '' || ADDRESS.test(value), { error: CLUB_DATA_MESSAGES.email }),
    ...socialFields,
    courseLat: required(coordinate('Die Breite des Bogenparcours', 90), 'Die Breite des Bogenparcours'),
    courseLon: required(coordinate('Die Länge des Bogenparcours', 180), 'Die Länge des Bogenparcours'),
    parkingStreet: optionalText('Die Straße des Parkplatzes', CLUB_DATA_LIMITS.street),
    parkingPostalCode: postalCode('Die Postleitzahl des Parkplatzes'),
    parkingCity: optionalText('Der Ort des Parkplatzes', CLUB_DATA_LIMITS.city),
    clubHouseLat: coordinate('Die Breite des Vereinsheims', 90),
    clubHouseLon: coordinate('Die Länge des Vereinsheims', 180),
    rangeLat: coordinate('Die Breite des Schießstands', 90),
    rangeLon: coordinate('Die Länge des Schießstands', 180),
    history: optionalText('Die Geschichte des Vereins', CLUB_DATA_LIMITS.history),
    representation: optionalText('Der vertretungsberechtigte Vorstand', CLUB_DATA_LIMITS.legal),
    register: optionalText('Der Registereintrag', CLUB_DATA_LIMITS.legal),
    responsible: optionalText('Die Angabe „Verantwortlich für den Inhalt“', CLUB_DATA_LIMITS.legal),
    privacyContact: optionalText('Der Ansprechpartner für den Datenschutz', CLUB_DATA_LIMITS.legal),
    ...contactFields,
    iban: ibanField,
    bic: bicField,
    accountHolder: optionalText('Der Kontoinhaber', CLUB_DATA_LIMITS.accountHolder),
    courseBookRetentionMonths: retentionMonths,
  })
  .superRefine((data, context) => {
    if (data.bic !== '' && data.iban === '') context.addIssue({ code: 'custom', path: ['bic'], message: CLUB_DATA_MESSAGES.bicWithoutIban });
    for (const [lat, lon] of PAIRS) {
      const [a, b] = [data[lat], data[lon]];
      if ((a === null) !== (b === null)) context.addIssue({ code: 'custom', path: [a === null ? lat : lon], message: CLUB_DATA_MESSAGES.pair });
    }
  });

export type ClubDataInput = z.input<typeof clubDataInput>;

// What a save stores must be the club data; this fails to compile when they drift apart.
export const parseClubData = (raw: unknown): z.ZodSafeParseResult<ClubData> => clubDataInput.safeParse(raw);
