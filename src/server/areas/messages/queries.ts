import type { SelectQueryBuilder } from 'kysely';
import { CONTACT_RECIPIENTS, type ContactRecipient } from '../../../shared/constants.ts';
import { mailStateOf, type MessageMailState } from '../../../shared/inbox.ts';
import type { Db } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';

/**
 * The inbox 'Nachrichten' (issue 27.5). Which messages a member may read is decided here
 * once (`messageScope`, `readable`) and applied to every query of the area: the
 * list, the count in the menu, and the message a change names.
 */

/** Every recipient, or only these (possibly none). */
export type MessageScope = { all: true } | { all: false; recipients: readonly ContactRecipient[] };

/**
 * The recipients whose messages a member may read (`messages_view`) or handle
 * (`messages_update`): those of each of their groups that grants the permission, united;
 * such a group without a list ('Nachrichten nur an' left empty) reaches all. A group
 * without the permission adds nothing, whatever its list says.
 */
export async function messageScope(db: Db, userId: number, permission: 'messages_view' | 'messages_update'): Promise<MessageScope> {
  const rows = await db
    .selectFrom('user_groups')
    .innerJoin('group_permissions', 'group_permissions.group_id', 'user_groups.group_id')
    .innerJoin('permissions', 'permissions.id', 'group_permissions.permission_id')
    .leftJoin('group_message_recipients', 'group_message_recipients.group_id', 'user_groups.group_id')
    .select('group_message_recipients.recipient')
    .where('user_groups.user_id', '=', userId)
    .where('permissions.name', '=', permission)
    .execute();
  if (rows.some((row) => row.recipient === null)) return { all: true };
  const listed = new Set(rows.map((row) => row.recipient));
  return { all: false, recipients: CONTACT_RECIPIENTS.filter((recipient) => listed.has(recipient)) };
}

/** Narrows a query of contact_messages to what the scope reads; undefined when it reads nothing. */
function readable<O>(
  query: SelectQueryBuilder<Database, 'contact_messages', O>,
  scope: MessageScope,
): SelectQueryBuilder<Database, 'contact_messages', O> | undefined {
  if (scope.all) return query;
  if (scope.recipients.length === 0) return undefined;
  return query.where('contact_messages.recipient', 'in', [...scope.recipients]);
}

export interface InboxMessage {
  id: number;
  recipient: ContactRecipient;
  prename: string;
  lastname: string;
  email: string;
  subject: string;
  text: string;
  /** When the visitor sent it, club-local `YYYY-MM-DD HH:mm:ss`. */
  created_at: string;
  mail: MessageMailState;
  /** When a member marked it as done, club-local; null: new. */
  done_at: string | null;
}

type MessageRow = {
  id: number;
  recipient: string;
  prename: string;
  lastname: string;
  email: string;
  subject: string;
  text: string;
  created_at: string;
  mail_status: string | null;
  done_at: string | null;
};

function toInboxMessage({ mail_status, ...row }: MessageRow): InboxMessage {
  return { ...row, recipient: row.recipient as ContactRecipient, mail: mailStateOf(mail_status) };
}

function selectMessages(db: Db) {
  return db
    .selectFrom('contact_messages')
    .leftJoin('mail_outbox', 'mail_outbox.id', 'contact_messages.mail_id')
    .select([
      'contact_messages.id',
      'contact_messages.recipient',
      'contact_messages.prename',
      'contact_messages.lastname',
      'contact_messages.email',
      'contact_messages.subject',
      'contact_messages.text',
      'contact_messages.created_at',
      'contact_messages.done_at',
      'mail_outbox.status as mail_status',
    ]);
}

/** The messages the scope reads, newest first (the retention keeps 180 days of them). */
export async function listMessages(db: Db, scope: MessageScope): Promise<InboxMessage[]> {
  const query = readable(selectMessages(db), scope);
  if (!query) return [];
  const rows = await query.orderBy('contact_messages.created_ms', 'desc').orderBy('contact_messages.id', 'desc').execute();
  return rows.map(toInboxMessage);
}

/** The number in the menu: new (not done) messages the scope reads. One indexed count. */
export async function countNewMessages(db: Db, scope: MessageScope): Promise<number> {
  const query = readable(
    db.selectFrom('contact_messages').select((eb) => eb.fn.countAll<number>().as('count')),
    scope,
  );
  if (!query) return 0;
  const row = await query.where('contact_messages.done_at', 'is', null).executeTakeFirstOrThrow();
  return Number(row.count);
}

export const MESSAGE_NOT_FOUND = 'Die Nachricht wurde nicht gefunden.';

/** A message the scope reads; one it does not read is not found, as if it did not exist. */
export async function findMessage(db: Db, scope: MessageScope, id: number): Promise<InboxMessage & { mail_id: number | null }> {
  const query = readable(selectMessages(db).select('contact_messages.mail_id').where('contact_messages.id', '=', id), scope);
  const row = query ? await query.executeTakeFirst() : undefined;
  if (!row) throw new AppError('NOT_FOUND', MESSAGE_NOT_FOUND);
  const { mail_id, ...message } = row;
  return { ...toInboxMessage(message), mail_id };
}
