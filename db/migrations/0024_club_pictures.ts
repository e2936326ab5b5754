import type { Kysely } from 'kysely';
import { createTable } from './dialect.ts';

/**
 * The club's face (issue 26.3): the logo and the home page's picture, uploaded in the back
 * office and stored as the files the storage's image pipeline makes of them.
 * - `club_pictures`, one row per uploaded picture (`role` 'logo' or 'home'): its
 *   alternative text (the home picture's; empty for the logo, which the club's name
 *   beside it describes), the upload's size in pixels and when it was uploaded;
 * - `club_picture_files`, the generated files of each picture (`purpose`: header, icon192,
 *   w960, preview, …) with their type and size in pixels; `stored_name` is the file's name
 *   in UPLOADS_DIR, which /files serves and a backup copies.
 * Without rows the site shows its own drawings, as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'club_pictures')
    .addColumn('role', 'varchar(8)', (c) => c.primaryKey().notNull())
    .addColumn('alt', 'varchar(250)', (c) => c.notNull())
    .addColumn('source_width', 'integer', (c) => c.notNull())
    .addColumn('source_height', 'integer', (c) => c.notNull())
    .addColumn('uploaded_at', 'varchar(19)', (c) => c.notNull())
    .execute();

  await createTable(db, 'club_picture_files')
    .addColumn('stored_name', 'varchar(64)', (c) => c.primaryKey().notNull())
    .addColumn('role', 'varchar(8)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('mime', 'varchar(32)', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('club_picture_files_role_idx').on('club_picture_files').column('role').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('club_picture_files').ifExists().execute();
  await db.schema.dropTable('club_pictures').ifExists().execute();
}
