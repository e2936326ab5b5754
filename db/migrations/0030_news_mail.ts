import { sql, type Kysely } from 'kysely';
import { createTable, isMysql } from './dialect.ts';

/**
 * The article mail to the members (issue 27.4):
 * - `mail_outbox.html` and `mail_outbox.headers`: a mail may carry an HTML alternative to
 *   its plain text and extra headers (JSON of name → value, e.g. List-Unsubscribe); null
 *   for every mail before and for those that need neither.
 * - `news_mail_groups`: the groups an article is to be mailed to, chosen when it is
 *   published; the rows go once the mails are queued (at once, or when a scheduled article
 *   appears).
 * - `news_mail_sends`: one row per article and member who was mailed it, inserted in the
 *   transaction that queues the mail: its key is what makes sure nobody gets an article
 *   twice. `token_hash` is the SHA-256 of the mail's unsubscribe link (link-token.ts).
 * - `news_mail_optouts`: members who do not want these mails (Meine Daten, or the link).
 * Every row goes with its article, group or member.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const mysql = isMysql(db);
  // An article's HTML is about as long as its document: more than MySQL's TEXT (64 KB) holds.
  await db.schema.alterTable('mail_outbox').addColumn('html', mysql ? sql`mediumtext` : 'text').execute();
  await db.schema.alterTable('mail_outbox').addColumn('headers', 'text').execute();

  await createTable(db, 'news_mail_groups')
    .addColumn('article_id', 'integer', (c) => c.notNull())
    .addColumn('group_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('news_mail_groups_pk', ['article_id', 'group_id'])
    .addForeignKeyConstraint('news_mail_groups_article_fk', ['article_id'], 'news_articles', ['id'], (fk) => fk.onDelete('cascade'))
    .addForeignKeyConstraint('news_mail_groups_group_fk', ['group_id'], 'groups', ['id'], (fk) => fk.onDelete('cascade'))
    .execute();

  await createTable(db, 'news_mail_sends')
    .addColumn('article_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'datetime', (c) => c.notNull())
    .addPrimaryKeyConstraint('news_mail_sends_pk', ['article_id', 'user_id'])
    .addUniqueConstraint('news_mail_sends_token_unique', ['token_hash'])
    .addForeignKeyConstraint('news_mail_sends_article_fk', ['article_id'], 'news_articles', ['id'], (fk) => fk.onDelete('cascade'))
    .addForeignKeyConstraint('news_mail_sends_user_fk', ['user_id'], 'users', ['id'], (fk) => fk.onDelete('cascade'))
    .execute();
  await db.schema.createIndex('news_mail_sends_user_idx').on('news_mail_sends').column('user_id').execute();

  await createTable(db, 'news_mail_optouts')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().notNull())
    .addColumn('created_at', 'datetime', (c) => c.notNull())
    .addForeignKeyConstraint('news_mail_optouts_user_fk', ['user_id'], 'users', ['id'], (fk) => fk.onDelete('cascade'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('news_mail_optouts').ifExists().execute();
  await db.schema.dropTable('news_mail_sends').ifExists().execute();
  await db.schema.dropTable('news_mail_groups').ifExists().execute();
  await db.schema.alterTable('mail_outbox').dropColumn('headers').execute();
  await db.schema.alterTable('mail_outbox').dropColumn('html').execute();
}
