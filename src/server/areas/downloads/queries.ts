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
  /** What the public list shows in place of the file name (issue 26.6). */
  title: string;
  /** '' when there is none. */
  description: string;
}

/**
 * A download as the legacy REST paths have always answered it (DESIGN §3, tests/api/downloads.test.ts):
 * programs written against the old backend get exactly these fields; title and description
 * are the tRPC procedures' alone.
 */
export type LegacyDownload = Pick<DownloadView, 'id' | 'filename' | 'file_url' | 'size' | 'type'>;

export function legacyDownload({ id, filename, file_url, size, type }: DownloadView): LegacyDownload {
  return { id, filename, file_url, size, type };
}

type UrlOf = (name: string) => string;

const COLUMNS = ['id', 'filename', 'stored_name', 'mime', 'size', 'title', 'description'] as const;

interface DownloadRow {
  id: number;
  filename: string;
  stored_name: string;
  mime: string;
  size: number;
  title: string;
  description: string;
}

function toView(row: DownloadRow, urlOf: UrlOf): DownloadView {
  return {
    id: row.id,
    filename: row.filename,
    file_url: urlOf(row.stored_name),
    size: Number(row.size),
    type: row.mime,
    title: row.title,
    description: row.description,
  };
}

/** By title, as the public list reads; the file name and id keep equal titles in a stable order. */
export async function listDownloads(db: Db, urlOf: UrlOf): Promise<DownloadView[]> {
  const rows = await db.selectFrom('downloads').select(COLUMNS).orderBy('title').orderBy('filename').orderBy('id').execute();
  return rows.map((row) => toView(row, urlOf));
}

export async function findDownloadRow(db: Db, id: number): Promise<DownloadRow> {
  const row = await db.selectFrom('downloads').select(COLUMNS).where('id', '=', id).executeTakeFirst();
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
  title: string;
  createdAt: string;
}

export async function insertDownload(db: Db, download: NewDownload): Promise<number> {
  const result = await db
    .insertInto('downloads')
    .values({
      filename: download.filename,
      stored_name: download.storedName,
      mime: download.mime,
      size: download.size,
      title: download.title,
      created_at: download.createdAt,
    })
    .executeTakeFirstOrThrow();
  return Number(result.insertId);
}

export async function updateDownloadText(db: Db, id: number, text: { title: string; description: string }): Promise<void> {
  await db.updateTable('downloads').set({ title: text.title, description: text.description }).where('id', '=', id).execute();
}
