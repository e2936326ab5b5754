import { randomInt } from 'node:crypto';
import type { Transaction } from 'kysely';
import { TICKET_CODE_ALPHABET, TICKET_CODE_LENGTH, type PaymentWay } from '../../../shared/courseBook.ts';
import type { Db } from '../../db/connection.ts';
import type { Selectable } from 'kysely';
import type { CourseBookGroupTable, Database } from '../../db/schema.ts';

type DbOrTrx = Db | Transaction<Database>;

/** A shooter as the check-in stores them: the category's label and price at that moment. */
export interface BookedShooter {
  name: string;
  category: string;
  priceCents: number;
  memberNumber: string;
}

export interface NewGroup {
  tokenHash: string;
  ticketCode: string;
  day: string;
  checkedInAt: string;
  phone: string;
  payment: PaymentWay;
  amountCents: number;
  categories: string;
  shooters: readonly BookedShooter[];
}

/** A group as the ticket page and the back office read it. */
export interface CourseBookGroup {
  id: number;
  ticketCode: string;
  day: string;
  checkedInAt: string;
  checkedOutAt: string | null;
  checkedOutBy: string;
  phone: string;
  payment: PaymentWay;
  amountCents: number;
  paidAt: string | null;
  categories: string;
  shooters: BookedShooter[];
}

/** A short code for the envelope and the transfer, from letters and digits nobody mixes up. */
export function newTicketCode(): string {
  let code = '';
  for (let index = 0; index < TICKET_CODE_LENGTH; index += 1) code += TICKET_CODE_ALPHABET[randomInt(TICKET_CODE_ALPHABET.length)];
  return code;
}

/**
 * Whether a shooter number is a member's (users.uid) and whether that member holds an annual
 * pass for the club year: the annual pass rule of README „Parcoursbuch“.
 */
export async function annualPassOf(db: DbOrTrx, number: string, year: number): Promise<'pass' | 'noPass' | 'notMember'> {
  const row = await db
    .selectFrom('users')
    .leftJoin('course_annual_passes', (join) => join.onRef('course_annual_passes.user_id', '=', 'users.id').on('course_annual_passes.year', '=', year))
    .select(['users.id', 'course_annual_passes.year'])
    .where('users.uid', '=', number)
    .executeTakeFirst();
  if (!row) return 'notMember';
  return row.year === null ? 'noPass' : 'pass';
}

/** The years a member holds an annual pass for, ascending. */
export async function annualPassYears(db: DbOrTrx, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('course_annual_passes').select('year').where('user_id', '=', userId).orderBy('year').execute();
  return rows.map((row) => Number(row.year));
}

/** Marks or clears a member's annual pass for one year; whether anything changed. */
export async function setAnnualPass(db: DbOrTrx, userId: number, year: number, pass: boolean, now: string): Promise<boolean> {
  if (!pass) {
    const deleted = await db.deleteFrom('course_annual_passes').where('user_id', '=', userId).where('year', '=', year).executeTakeFirst();
    return Number(deleted.numDeletedRows) > 0;
  }
  const existing = await db.selectFrom('course_annual_passes').select('year').where('user_id', '=', userId).where('year', '=', year).executeTakeFirst();
  if (existing) return false;
  await db.insertInto('course_annual_passes').values({ user_id: userId, year, created_at: now }).execute();
  return true;
}

/** Stores a group and its shooters (in the caller's transaction); its id. */
export async function insertGroup(trx: DbOrTrx, group: NewGroup): Promise<number> {
  const inserted = await trx
    .insertInto('course_book_groups')
    .values({
      token_hash: group.tokenHash,
      ticket_code: group.ticketCode,
      day: group.day,
      checked_in_at: group.checkedInAt,
      checked_out_at: null,
      checked_out_by: '',
      phone: group.phone,
      payment: group.payment,
      amount_cents: group.amountCents,
      paid_at: null,
      categories: group.categories,
      personal_deleted: 0,
    })
    .executeTakeFirstOrThrow();
  const id = Number(inserted.insertId);
  await trx
    .insertInto('course_book_shooters')
    .values(
      group.shooters.map((shooter, position) => ({
        group_id: id,
        position,
        name: shooter.name,
        category: shooter.category,
        price_cents: shooter.priceCents,
        member_number: shooter.memberNumber,
      })),
    )
    .execute();
  return id;
}

const GROUP_COLUMNS = ['id', 'ticket_code', 'day', 'checked_in_at', 'checked_out_at', 'checked_out_by', 'phone', 'payment', 'amount_cents', 'paid_at', 'categories'] as const;

type GroupRow = Omit<Selectable<CourseBookGroupTable>, 'token_hash' | 'personal_deleted'>;

async function withShooters(db: DbOrTrx, rows: readonly GroupRow[]): Promise<CourseBookGroup[]> {
  if (rows.length === 0) return [];
  const shooters = await db
    .selectFrom('course_book_shooters')
    .select(['group_id', 'name', 'category', 'price_cents', 'member_number'])
    .where(
      'group_id',
      'in',
      rows.map((row) => Number(row.id)),
    )
    .orderBy('group_id')
    .orderBy('position')
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    ticketCode: row.ticket_code,
    day: row.day,
    checkedInAt: String(row.checked_in_at),
    checkedOutAt: row.checked_out_at === null ? null : String(row.checked_out_at),
    checkedOutBy: row.checked_out_by,
    phone: row.phone,
    payment: row.payment as PaymentWay,
    amountCents: Number(row.amount_cents),
    paidAt: row.paid_at === null ? null : String(row.paid_at),
    categories: row.categories,
    shooters: shooters
      .filter((shooter) => Number(shooter.group_id) === Number(row.id))
      .map((shooter) => ({ name: shooter.name, category: shooter.category, priceCents: Number(shooter.price_cents), memberNumber: shooter.member_number })),
  }));
}

export async function findGroupByTokenHash(db: DbOrTrx, tokenHash: string): Promise<CourseBookGroup | undefined> {
  const row = await db.selectFrom('course_book_groups').select(GROUP_COLUMNS).where('token_hash', '=', tokenHash).executeTakeFirst();
  return row ? (await withShooters(db, [row]))[0] : undefined;
}

export async function findGroup(db: DbOrTrx, id: number): Promise<CourseBookGroup | undefined> {
  const row = await db.selectFrom('course_book_groups').select(GROUP_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? (await withShooters(db, [row]))[0] : undefined;
}

/** The groups of days `from` to `to` (inclusive), in the order they checked in. */
export async function listGroups(db: DbOrTrx, from: string, to: string): Promise<CourseBookGroup[]> {
  const rows = await db
    .selectFrom('course_book_groups')
    .select(GROUP_COLUMNS)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .orderBy('checked_in_at')
    .orderBy('id')
    .execute();
  return withShooters(db, rows);
}

/** Checks a group out, unless it is out already; whether it was on the course. */
export async function checkOutGroup(db: DbOrTrx, id: number, at: string, by: 'visitor' | 'member'): Promise<boolean> {
  const result = await db.updateTable('course_book_groups').set({ checked_out_at: at, checked_out_by: by }).where('id', '=', id).where('checked_out_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function markGroupPaid(db: DbOrTrx, id: number, at: string): Promise<boolean> {
  const result = await db.updateTable('course_book_groups').set({ paid_at: at }).where('id', '=', id).where('paid_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The course book's rule of the retention sweep (retention.ts): names and phone numbers of
 * groups that checked in before `cutoffDay` are emptied; the booking (day, ticket code,
 * categories, amount, payment way) stays for the treasurer. How many groups lost them.
 */
export async function forgetGroupsBefore(db: Db, cutoffDay: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const ids = (await trx.selectFrom('course_book_groups').select('id').where('day', '<', cutoffDay).where('personal_deleted', '=', 0).execute()).map((row) => Number(row.id));
    for (let start = 0; start < ids.length; start += 500) {
      const slice = ids.slice(start, start + 500);
      await trx.updateTable('course_book_shooters').set({ name: '', member_number: '' }).where('group_id', 'in', slice).execute();
      await trx.updateTable('course_book_groups').set({ phone: '', personal_deleted: 1 }).where('id', 'in', slice).execute();
    }
    return ids.length;
  });
}
