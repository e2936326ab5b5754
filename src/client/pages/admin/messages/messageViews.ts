import { formatGermanDateTime } from '../../../../shared/dates.ts';
import { replyMailto } from '../../../../shared/inbox.ts';
import type { RouterOutputs } from '../../../trpc.ts';

export type InboxMessage = RouterOutputs['messages']['list']['messages'][number];

/** The `mailto:` of the answer: to the visitor, 'Re: <subject>', their text quoted. */
export function replyLink(message: InboxMessage): string {
  return replyMailto({ ...message, sentAt: formatGermanDateTime(message.created_at) });
}

/** The start of a text for the table; the dialog shows all of it. */
export function textPreview(text: string, max = 80): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const characters = Array.from(flat);
  return characters.length <= max ? flat : `${characters.slice(0, max - 1).join('')}…`;
}
