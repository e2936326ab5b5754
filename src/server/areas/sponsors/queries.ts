import type { Db } from '../../db/connection.ts';
import { AppError, MESSAGES } from '../../errors.ts';

export interface SponsorView {
  id: number;
  name: string;
  url: string;
  /** URL of the logo (WebP, at most 800 px wide). */
  image: string;
}

type UrlOf = (name: string) => string;
type SponsorRow = { id: number; name: string; url: string; logo_stored_name: string };

const toView = (row: SponsorRow, urlOf: UrlOf): SponsorView => ({ id: row.id, name: row.name, url: row.url, image: urlOf(row.logo_stored_name) });

export async function listSponsors(db: Db, urlOf: UrlOf): Promise<SponsorView[]> {
  const rows = await db.selectFrom('sponsors').select(['id', 'name', 'url', 'logo_stored_name']).orderBy('name').orderBy('id').execute();
  return rows.map((row) => toView(row, urlOf));
}

export async function findSponsorRow(db: Db, id: number): Promise<SponsorRow> {
  const row = await db.selectFrom('sponsors').select(['id', 'name', 'url', 'logo_stored_name']).where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.notFound);
  return row;
}

export async function findSponsor(db: Db, id: number, urlOf: UrlOf): Promise<SponsorView> {
  return toView(await findSponsorRow(db, id), urlOf);
}

export interface NewSponsor {
  name: string;
  url: string;
  logoStoredName: string;
  logoMime: string;
  createdAt: string;
}

export async function insertSponsor(db: Db, sponsor: NewSponsor): Promise<number> {
  const result = await db
    .insertInto('sponsors')
    .values({ name: sponsor.name, url: sponsor.url, logo_stored_name: sponsor.logoStoredName, logo_mime: sponsor.logoMime, created_at: sponsor.createdAt })
    .executeTakeFirstOrThrow();
  return Number(result.insertId);
}
