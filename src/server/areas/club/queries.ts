import type { Insertable, Transaction } from 'kysely';
import { SOCIAL_KINDS, type ClubProfile } from '../../../shared/clubProfile.ts';
import { CONTACT_ADDRESS_FIELDS, DEFAULT_CLUB_DATA, SOCIAL_FIELDS, deliverableRecipients, type ClubData, type ClubTexts } from '../../../shared/clubData.ts';
import { CONTACT_RECIPIENTS, type ContactRecipient } from '../../../shared/constants.ts';
import type { Db } from '../../db/connection.ts';
import type { ClubProfileTable, Database } from '../../db/schema.ts';

type DbOrTrx = Db | Transaction<Database>;

/** The one row of `club_profile`. */
export const CLUB_PROFILE_ID = 1;

/** What every visitor sees of the club data (`club.profile`): the profile and which recipients can be written to, never their addresses. */
export interface PublicClubProfile extends ClubProfile {
  /** The recipients of the contact form that have an address (SPEC §3 order); empty: no form. */
  contactRecipients: ContactRecipient[];
}

type Row = Omit<ClubProfileTable, 'id' | 'updated_at'>;

function socialColumn(kind: (typeof SOCIAL_KINDS)[number]) {
  return `social_${kind}` as const;
}
function contactColumn(recipient: ContactRecipient) {
  return `contact_${recipient.replace('-', '_')}` as keyof Row;
}

/** Numbers as the driver gives them (MySQL may give a double as text in some setups). */
function coordinateOf(value: number | string | null): number | null {
  return value === null ? null : Number(value);
}

function toRow(data: ClubData): Row {
  const row: Partial<Record<keyof Row, unknown>> = {
    name: data.name,
    street: data.street,
    postal_code: data.postalCode,
    city: data.city,
    phone: data.phone,
    email: data.email,
    course_lat: data.courseLat,
    course_lon: data.courseLon,
    parking_street: data.parkingStreet,
    parking_postal_code: data.parkingPostalCode,
    parking_city: data.parkingCity,
    club_house_lat: data.clubHouseLat,
    club_house_lon: data.clubHouseLon,
    range_lat: data.rangeLat,
    range_lon: data.rangeLon,
    history: data.history,
    representation: data.representation,
    register: data.register,
    responsible: data.responsible,
    privacy_contact: data.privacyContact,
    iban: data.iban,
    bic: data.bic,
    account_holder: data.accountHolder,
    course_book_retention_months: data.courseBookRetentionMonths,
  };
  for (const kind of SOCIAL_KINDS) row[socialColumn(kind)] = data[SOCIAL_FIELDS[kind]];
  for (const recipient of CONTACT_RECIPIENTS) row[contactColumn(recipient)] = data[CONTACT_ADDRESS_FIELDS[recipient]];
  return row as Row;
}

function fromRow(row: Row): ClubData {
  const data: Record<string, unknown> = {
    name: row.name,
    street: row.street,
    postalCode: row.postal_code,
    city: row.city,
    phone: row.phone,
    email: row.email,
    courseLat: Number(row.course_lat),
    courseLon: Number(row.course_lon),
    parkingStreet: row.parking_street,
    parkingPostalCode: row.parking_postal_code,
    parkingCity: row.parking_city,
    clubHouseLat: coordinateOf(row.club_house_lat),
    clubHouseLon: coordinateOf(row.club_house_lon),
    rangeLat: coordinateOf(row.range_lat),
    rangeLon: coordinateOf(row.range_lon),
    history: row.history,
    representation: row.representation,
    register: row.register,
    responsible: row.responsible,
    privacyContact: row.privacy_contact,
    iban: row.iban,
    bic: row.bic,
    accountHolder: row.account_holder,
    courseBookRetentionMonths: Number(row.course_book_retention_months),
  };
  for (const kind of SOCIAL_KINDS) data[SOCIAL_FIELDS[kind]] = row[socialColumn(kind)];
  for (const recipient of CONTACT_RECIPIENTS) data[CONTACT_ADDRESS_FIELDS[recipient]] = row[contactColumn(recipient)];
  return data as ClubData;
}

/** Whether the first start has stored the club data yet. */
export async function hasClubData(db: DbOrTrx): Promise<boolean> {
  return (await db.selectFrom('club_profile').select('id').where('id', '=', CLUB_PROFILE_ID).executeTakeFirst()) !== undefined;
}

/** The club data as stored; the shipped defaults on a database where nothing was stored yet. */
export async function readClubData(db: DbOrTrx): Promise<ClubData> {
  const row = await db.selectFrom('club_profile').selectAll().where('id', '=', CLUB_PROFILE_ID).executeTakeFirst();
  return row ? fromRow(row) : DEFAULT_CLUB_DATA;
}

/** Stores the values of the first start; the caller has checked that there are none yet. */
export async function insertClubData(db: DbOrTrx, data: ClubData): Promise<void> {
  const values: Insertable<ClubProfileTable> = { id: CLUB_PROFILE_ID, ...toRow(data), updated_at: null };
  await db.insertInto('club_profile').values(values).execute();
}

/** Stores what members saved (`updatedAt` club-local), over the row of the first start or into a database without one. */
export async function saveClubData(db: DbOrTrx, data: ClubData, updatedAt: string): Promise<void> {
  const values = { ...toRow(data), updated_at: updatedAt };
  const result = await db.updateTable('club_profile').set(values).where('id', '=', CLUB_PROFILE_ID).executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) await db.insertInto('club_profile').values({ id: CLUB_PROFILE_ID, ...values }).execute();
}

/**
 * What the public pages show of the club data: the profile of DESIGN §8; blank is left out.
 * Picked field by field, so the bank account (issue 30.5) never reaches a public answer.
 */
export function publicProfileOf(data: ClubData): PublicClubProfile {
  const coordinates = (lat: number | null, lon: number | null) => (lat === null || lon === null ? undefined : { lat, lon });
  const clubHouse = coordinates(data.clubHouseLat, data.clubHouseLon);
  const range = coordinates(data.rangeLat, data.rangeLon);
  return {
    name: data.name,
    street: data.street,
    postalCode: data.postalCode,
    city: data.city,
    ...(data.phone ? { phone: data.phone } : {}),
    ...(data.email ? { email: data.email } : {}),
    social: SOCIAL_KINDS.filter((kind) => data[SOCIAL_FIELDS[kind]] !== '').map((kind) => ({ kind, url: data[SOCIAL_FIELDS[kind]] })),
    course: {
      lat: data.courseLat,
      lon: data.courseLon,
      parking: { street: data.parkingStreet, postalCode: data.parkingPostalCode, city: data.parkingCity },
    },
    ...(clubHouse ? { clubHouse } : {}),
    ...(range ? { range } : {}),
    contactRecipients: deliverableRecipients(data, CONTACT_RECIPIENTS),
  };
}

export function textsOf(data: ClubData): ClubTexts {
  return {
    history: data.history,
    representation: data.representation,
    register: data.register,
    responsible: data.responsible,
    privacyContact: data.privacyContact,
  };
}

/** The address a contact message to this recipient goes to; undefined when none is entered. */
export function contactAddressOf(data: ClubData, recipient: ContactRecipient): string | undefined {
  const address = data[CONTACT_ADDRESS_FIELDS[recipient]].trim();
  return address === '' ? undefined : address;
}
