import { sql, type Kysely } from 'kysely';
import { addPermissionsForAdministrators, removePermissions } from './permissions.ts';
import { createTable, isMysql } from './dialect.ts';

/**
 * The club's news (issue 27):
 * - `news_articles`: title, teaser, body (the editor's JSON document, validated on save),
 *   section, cover picture, optional links to an appointment and an album, the author (a
 *   member; null once the member is deleted), and `publish_at`: null for a draft, else the
 *   club-local time from which visitors see it (in the future: scheduled). `slug` is the
 *   article's address, unique.
 * - `news_slugs`: addresses an article had while visitors could see it, which now send
 *   them to its current one (301).
 * - `news_images`: the pictures of articles (cover and body), uploaded or copied from a
 *   gallery: the display WebP, its thumbnail, an 800 px WebP for phones and a 1200 px wide
 *   JPEG for shared links.
 * - the permissions news_view/create/update/delete, which group 1 gets in an existing
 *   database; a new one gets them from the seed like every other.
 *
 * The names are written here and not taken from src/shared: a migration does what it did
 * when it was written.
 */

const NEWS_PERMISSIONS = ['news_create', 'news_view', 'news_update', 'news_delete'];

export async function up(db: Kysely<unknown>): Promise<void> {
  const mysql = isMysql(db);

  await createTable(db, 'news_images')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement().notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('stored_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('thumb_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('medium_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('wide_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'datetime', (c) => c.notNull())
    .execute();
  // The file route looks a stored name up in every table that names files.
  for (const column of ['stored_name', 'thumb_name', 'medium_name', 'wide_name']) {
    await db.schema.createIndex(`news_images_${column}_idx`).on('news_images').column(column).execute();
  }

  await createTable(db, 'news_articles')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement().notNull())
    .addColumn('slug', 'varchar(100)', (c) => c.notNull())
    .addColumn('title', 'varchar(150)', (c) => c.notNull())
    .addColumn('teaser', 'varchar(300)', (c) => c.notNull())
    // A document of up to 60,000 characters of text is more than MySQL's TEXT (64 KB) holds.
    .addColumn('body', mysql ? sql`mediumtext` : 'text', (c) => c.notNull())
    .addColumn('section', 'varchar(16)', (c) => c.notNull())
    .addColumn('cover_image_id', 'integer')
    .addColumn('appointment_id', 'integer')
    .addColumn('album_id', 'integer')
    .addColumn('author_id', 'integer')
    .addColumn('publish_at', 'datetime')
    .addColumn('created_at', 'datetime', (c) => c.notNull())
    .addColumn('updated_at', 'datetime', (c) => c.notNull())
    .addUniqueConstraint('news_articles_slug_unique', ['slug'])
    .addForeignKeyConstraint('news_articles_cover_fk', ['cover_image_id'], 'news_images', ['id'], (fk) => fk.onDelete('set null'))
    .addForeignKeyConstraint('news_articles_appointment_fk', ['appointment_id'], 'appointments', ['id'], (fk) => fk.onDelete('set null'))
    .addForeignKeyConstraint('news_articles_album_fk', ['album_id'], 'albums', ['id'], (fk) => fk.onDelete('set null'))
    .addForeignKeyConstraint('news_articles_author_fk', ['author_id'], 'users', ['id'], (fk) => fk.onDelete('set null'))
    .execute();
  await db.schema.createIndex('news_articles_publish_idx').on('news_articles').columns(['publish_at']).execute();

  await createTable(db, 'news_slugs')
    .addColumn('slug', 'varchar(100)', (c) => c.primaryKey().notNull())
    .addColumn('article_id', 'integer', (c) => c.notNull())
    .addForeignKeyConstraint('news_slugs_article_fk', ['article_id'], 'news_articles', ['id'], (fk) => fk.onDelete('cascade'))
    .execute();

  await addPermissionsForAdministrators(db, NEWS_PERMISSIONS);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await removePermissions(db, NEWS_PERMISSIONS);
  await db.schema.dropTable('news_slugs').ifExists().execute();
  await db.schema.dropTable('news_articles').ifExists().execute();
  await db.schema.dropTable('news_images').ifExists().execute();
}
