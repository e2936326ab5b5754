import type { Kysely } from 'kysely';
import { createTable } from './dialect.ts';

/**
 * Rights per section (issue 28.1): `group_sections` lists the sections ('club', 'gun',
 * 'arch', 'blowpipe') a group's content permissions are limited to. A group without rows
 * reaches every section, so every existing group keeps its rights as they were. The rows go
 * with the group.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'group_sections')
    .addColumn('group_id', 'integer', (c) => c.notNull())
    .addColumn('section', 'varchar(16)', (c) => c.notNull())
    .addPrimaryKeyConstraint('group_sections_pk', ['group_id', 'section'])
    .addForeignKeyConstraint('group_sections_group_fk', ['group_id'], 'groups', ['id'], (fk) => fk.onDelete('cascade'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('group_sections').ifExists().execute();
}
