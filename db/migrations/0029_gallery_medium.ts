import { MysqlAdapter, type Kysely } from 'kysely';

/**
 * A third file of every gallery image (issue 26.8): a WebP of at most 1024 px on the long
 * side, between the 480 px thumbnail and the 2048 px display version, for what a phone
 * shows a picture at (the About carousel). Images stored before it have none (NULL) until
 * the app makes it from their display version after its start (galleries/medium.ts);
 * until then pages use the display version. Unique like every stored name (0004).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('images').addColumn('medium_name', 'varchar(255)').execute();
  await db.schema.createIndex('images_medium_name_unique').unique().on('images').column('medium_name').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // MySQL names the table of an index to drop; SQLite refuses that syntax.
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  const drop = db.schema.dropIndex('images_medium_name_unique');
  await (mysql ? drop.on('images') : drop).execute();
  await db.schema.alterTable('images').dropColumn('medium_name').execute();
}
