import type { Db } from '../../db/connection.ts';
import { AppError, MESSAGES } from '../../errors.ts';

export interface DownloadView {
  id: number;
  filename: string;
  file_url: string;
  /** Bytes. */
  size: number;
  /** The MIME type sniffed from the content. */
  type: string;
}

type UrlOf = (name: string) => string;

function toView(row: { id: number; filename: string; stored_name: string; mime: string; size: number }, urlOf: UrlOf): DownloadView {
  return { id: row.id, filename: row.filename, file_url: urlOf(row.stored_name), size: Number(row.size), type: row.mime };
}

export async function listDownloads(db: Db, urlOf: UrlOf): Promise<DownloadView[]> {
  const rows = await db.selectFrom('downloads').select(['id', 'filename', 'stored_name', 'mime', 'size']).orderBy('filename').orderBy('id').execute();
  return rows.map((row) => toView(row, urlOf));
}

export async function findDownloadRow(db: Db, id: number) {
  const row = await db.selectFrom('downloads').select(['id', 'filename', 'stored_name', 'mime', 'size']).where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.notFound);
  return row;
}

export async function findDownload(db: Db, id: number, urlOf: UrlOf): Promise<DownloadView> {
  return toView(await findDownloadRow(db, id), urlOf);
}

export interface NewDownload {
  filename: string;
  storedName: string;
  mime: string;
  size: number;
  createdAt: string;
}

export async function insertDownload(db: Db, download: NewDownload): Promise<number> {
  const result = await db
    .insertInto('downloads')
    .values({ filename: download.filename, stored_name: download.storedName, mime: download.mime, size: download.size, created_at: download.createdAt })
    .executeTakeFirstOrThrow();
  return Number(result.insertId);
}
