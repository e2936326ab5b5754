/**
 * The club's data as the back office edits it (panel 'Vereinsdaten', `club.data` and
 * `club.update`): everything the club profile (clubProfile.ts) shows, the texts of the
 * About, Impressum and Datenschutz pages, and the address of each contact recipient
 * (SPEC §3). Kept in the database (table `club_profile`); club.json, CLUB_PROFILE and
 * CONTACT_TO_* only give the values of the first start (README „Vereinsdaten“).
 *
 * Flat on purpose: every field has its own name, so a refusal names exactly the field the
 * form shows it under (REST `errors`, tRPC `fieldErrors`). Free of zod (public pages import it).
 */
import type { ContactRecipient } from './constants.ts';
import { SOCIAL_KINDS, type SocialKind } from './clubProfile.ts';

/** The field of each social network's address. */
export const SOCIAL_FIELDS = {
  facebook: 'socialFacebook',
  instagram: 'socialInstagram',
  youtube: 'socialYoutube',
  tiktok: 'socialTiktok',
  x: 'socialX',
  mastodon: 'socialMastodon',
  whatsapp: 'socialWhatsapp',
} as const satisfies Record<SocialKind, string>;
export type SocialField = (typeof SOCIAL_FIELDS)[SocialKind];

/** The field of each contact recipient's e-mail address. */
export const CONTACT_ADDRESS_FIELDS = {
  info: 'contactInfo',
  vorstand: 'contactVorstand',
  'lg-lp': 'contactLgLp',
  bogen: 'contactBogen',
  blasrohr: 'contactBlasrohr',
  webmaster: 'contactWebmaster',
} as const satisfies Record<ContactRecipient, string>;
export type ContactAddressField = (typeof CONTACT_ADDRESS_FIELDS)[ContactRecipient];

/** The texts of the About, Impressum and Datenschutz pages (`club.texts`). */
export interface ClubTexts {
  /** Über uns: the club's history, paragraphs separated by an empty line. */
  history: string;
  /** Impressum § 5 DDG: who represents the club (the board, by name). */
  representation: string;
  /** Impressum: the register entry (court and number); empty: not shown. */
  register: string;
  /** Impressum § 18 Abs. 2 MStV: who is responsible for the content. */
  responsible: string;
  /** Datenschutz: whom to ask about data protection; empty: not shown. */
  privacyContact: string;
}

/**
 * The club's bank account and the course book's retention (issue 30.5): the transfer of a
 * day ticket (GiroCode) names the account, the course book keeps names and phone numbers
 * this many months. Only the back office reads them: no public answer carries the IBAN.
 */
export interface ClubBank {
  /** Without spaces, upper case; empty: no bank transfer offered. */
  iban: string;
  /** Optional (SEPA needs none within the EU); empty: none. */
  bic: string;
  /** The account's holder; empty: the club's name. */
  accountHolder: string;
  /** How many months the course book keeps names and phone numbers (default one year). */
  courseBookRetentionMonths: number;
}

export const DEFAULT_CLUB_BANK: ClubBank = { iban: '', bic: '', accountHolder: '', courseBookRetentionMonths: 12 };

export type ClubData = ClubTexts &
  ClubBank &
  Record<SocialField | ContactAddressField, string> & {
    name: string;
    street: string;
    postalCode: string;
    city: string;
    phone: string;
    email: string;
    courseLat: number;
    courseLon: number;
    parkingStreet: string;
    parkingPostalCode: string;
    parkingCity: string;
    /** Null: no map of the club house on the contact page. */
    clubHouseLat: number | null;
    clubHouseLon: number | null;
    /** Null: no map of the range on the contact page. */
    rangeLat: number | null;
    rangeLon: number | null;
  };

/**
 * Today's texts of the pages, the values until the club enters its own. They state no figure
 * the club keeps as data (lanes, targets, ages, prices: migration 0023), so none appears twice.
 */
export const DEFAULT_CLUB_TEXTS: ClubTexts = {
  history: [
    'Unser Verein wurde von einer kleinen Gruppe sportbegeisterter Bürgerinnen und Bürger gegründet, die das Schießen als Sport betreiben und die Geselligkeit im Ort pflegen wollten. In den ersten Jahren trainierten die Mitglieder in geliehenen Räumen, bis mit viel Eigenleistung ein eigenes Vereinsheim entstand.',
    'Mit dem Vereinsheim kam der Luftgewehr- und Luftpistolenstand. Hier trainieren Schülerinnen, Schüler, Jugendliche und Erwachsene mit dem Luftgewehr und der Luftpistole; unsere Mannschaften nehmen an Rundenwettkämpfen und Meisterschaften teil.',
    'Später wuchs der Verein um eine Bogenabteilung. Aus den ersten Scheiben auf der Wiese wurde nach und nach unser 3D-Bogenparcours im Gelände, den auch Gäste gegen eine Tagesgebühr nutzen können. Zuletzt kam das Blasrohrschießen hinzu, das Jung und Alt gleichermaßen Freude macht.',
    'Getragen wird der Verein bis heute vom Ehrenamt: Mitglieder übernehmen die Standaufsicht, bewirten Gäste, pflegen den Parcours und bilden den Nachwuchs aus. Wer uns kennenlernen möchte, ist zu den Schießzeiten herzlich willkommen.',
  ].join('\n\n'),
  representation: 'Der Verein wird durch seinen Vorstand vertreten.',
  register: '',
  responsible: 'Der Vorstand des Vereins, Anschrift wie oben.',
  privacyContact: '',
};

const noSocialLinks = Object.fromEntries(SOCIAL_KINDS.map((kind) => [SOCIAL_FIELDS[kind], ''])) as Record<SocialField, string>;
const noContactAddresses = Object.fromEntries(Object.values(CONTACT_ADDRESS_FIELDS).map((field) => [field, ''])) as Record<ContactAddressField, string>;

/**
 * The club data of a database on which nothing was stored yet: the shipped club.json (a
 * name, example coordinates near Fulda) and today's texts.
 */
export const DEFAULT_CLUB_DATA: ClubData = {
  name: 'Schützenverein',
  street: '',
  postalCode: '',
  city: '',
  phone: '',
  email: '',
  ...noSocialLinks,
  courseLat: 50.55,
  courseLon: 9.7,
  parkingStreet: '',
  parkingPostalCode: '',
  parkingCity: '',
  clubHouseLat: 50.553,
  clubHouseLon: 9.684,
  rangeLat: 50.553,
  rangeLon: 9.684,
  ...DEFAULT_CLUB_TEXTS,
  ...noContactAddresses,
  ...DEFAULT_CLUB_BANK,
};

/** The labels of the fields, for the form and for the log line of a save. */
export const CLUB_DATA_LABELS = {
  name: 'Name des Vereins',
  street: 'Straße und Hausnummer',
  postalCode: 'Postleitzahl',
  city: 'Ort',
  phone: 'Telefon',
  email: 'E-Mail-Adresse',
  socialFacebook: 'Facebook',
  socialInstagram: 'Instagram',
  socialYoutube: 'YouTube',
  socialTiktok: 'TikTok',
  socialX: 'X',
  socialMastodon: 'Mastodon',
  socialWhatsapp: 'WhatsApp',
  courseLat: 'Bogenparcours: Breite',
  courseLon: 'Bogenparcours: Länge',
  parkingStreet: 'Parkplatz: Straße',
  parkingPostalCode: 'Parkplatz: Postleitzahl',
  parkingCity: 'Parkplatz: Ort',
  clubHouseLat: 'Vereinsheim: Breite',
  clubHouseLon: 'Vereinsheim: Länge',
  rangeLat: 'Schießstand: Breite',
  rangeLon: 'Schießstand: Länge',
  history: 'Geschichte (Über uns)',
  representation: 'Vertretungsberechtigter Vorstand',
  register: 'Registereintrag',
  responsible: 'Verantwortlich für den Inhalt',
  privacyContact: 'Ansprechpartner für den Datenschutz',
  contactInfo: 'Kontaktformular: Info',
  contactVorstand: 'Kontaktformular: Vorstand',
  contactLgLp: 'Kontaktformular: LG/LP',
  contactBogen: 'Kontaktformular: Bogen',
  contactBlasrohr: 'Kontaktformular: Blasrohr',
  contactWebmaster: 'Kontaktformular: Webmaster',
  iban: 'IBAN',
  bic: 'BIC',
  accountHolder: 'Kontoinhaber',
  courseBookRetentionMonths: 'Aufbewahrung des Parcoursbuchs (Monate)',
} as const satisfies Record<keyof ClubData, string>;

/** The fields in the order of the form. */
export const CLUB_DATA_FIELDS = Object.keys(CLUB_DATA_LABELS) as (keyof ClubData)[];

/** The labels of the fields in which two versions differ, in the order of the form (a save's log line, the start's note on club.json). */
export function differingFieldLabels(before: ClubData, after: ClubData, fields: readonly (keyof ClubData)[] = CLUB_DATA_FIELDS): string[] {
  return fields.filter((field) => before[field] !== after[field]).map((field) => CLUB_DATA_LABELS[field]);
}

/** The recipients of the contact form that have an address, in the order of SPEC §3. */
export function deliverableRecipients(data: Pick<ClubData, ContactAddressField>, recipients: readonly ContactRecipient[]): ContactRecipient[] {
  return recipients.filter((recipient) => data[CONTACT_ADDRESS_FIELDS[recipient]].trim() !== '');
}

/** The paragraphs of a text (separated by empty lines), without empty ones. */
export function paragraphsOf(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}
