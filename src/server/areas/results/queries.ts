import type { ResultSection } from '../../../shared/constants.ts';
import type { Db } from '../../db/connection.ts';
import { AppError, MESSAGES } from '../../errors.ts';

export interface ResultView {
  id: number;
  filename: string;
  file_url: string;
  section: ResultSection;
  /** Results of club members (true) or of competitions the club hosted (false). */
  internal: boolean;
  /** Bytes. */
  size: number;
}

type UrlOf = (name: string) => string;
type ResultRow = { id: number; filename: string; stored_name: string; section: string; internal: number; size: number };

const COLUMNS = ['id', 'filename', 'stored_name', 'section', 'internal', 'size'] as const;

const toView = (row: ResultRow, urlOf: UrlOf): ResultView => ({
  id: row.id,
  filename: row.filename,
  file_url: urlOf(row.stored_name),
  section: row.section as ResultSection,
  internal: Number(row.internal) === 1,
  size: Number(row.size),
});

/** Newest first: the current season's lists lead. */
export async function listResults(db: Db, urlOf: UrlOf, section?: ResultSection): Promise<ResultView[]> {
  let query = db.selectFrom('results').select(COLUMNS).orderBy('id', 'desc');
  if (section) query = query.where('section', '=', section);
  return (await query.execute()).map((row) => toView(row, urlOf));
}

export async function findResultRow(db: Db, id: number): Promise<ResultRow> {
  const row = await db.selectFrom('results').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.notFound);
  return row;
}

export async function findResult(db: Db, id: number, urlOf: UrlOf): Promise<ResultView> {
  return toView(await findResultRow(db, id), urlOf);
}

export interface NewResult {
  filename: string;
  storedName: string;
  section: ResultSection;
  internal: boolean;
  size: number;
  createdAt: string;
}

export async function insertResult(db: Db, result: NewResult): Promise<number> {
  const inserted = await db
    .insertInto('results')
    .values({
      filename: result.filename,
      stored_name: result.storedName,
      section: result.section,
      internal: result.internal ? 1 : 0,
      size: result.size,
      created_at: result.createdAt,
    })
    .executeTakeFirstOrThrow();
  return Number(inserted.insertId);
}

/** The section of a result (rights per section, issue 28.1); undefined when there is none, which the procedure answers. */
export async function sectionOfResult(db: Db, id: number): Promise<ResultSection | undefined> {
  const row = await db.selectFrom('results').select('section').where('id', '=', id).executeTakeFirst();
  return row?.section as ResultSection | undefined;
}
