import type { Db } from './connection.ts';

/** The file-backed tables whose rows are deleted one by id (and then their files, storage.ts deleteWithFiles). */
export type FileRowTable = 'downloads' | 'sponsors' | 'results' | 'images';

/** Deletes one row by id; true when this call removed it (a concurrent delete may have been first). */
export async function deleteRowById(db: Db, table: FileRowTable, id: number): Promise<boolean> {
  const result = await db.deleteFrom(table).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

