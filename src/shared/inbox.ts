/**
 * The inbox 'Nachrichten' (issue 27.5): what visitors wrote through the contact form, read
 * and handled in the back office. No zod here: the menu's module (every back-office page)
 * reads the path; the procedures' inputs are in schemas/messages.ts.
 */

/** What became of a message's mail: the state of its row in the outbox (DESIGN §8). */
export type MessageMailState = 'sent' | 'waiting' | 'failed' | 'unknown';

export const MAIL_STATE_LABELS = {
  sent: 'Mail verschickt',
  waiting: 'Mail wartet',
  failed: 'Mail fehlgeschlagen',
  // Its outbox row is gone (or predates the inbox): nothing is known about it any more.
  unknown: 'Mail unbekannt',
} as const satisfies Record<MessageMailState, string>;

/** The outbox's status of a message's mail as the inbox names it; held and pending mails both wait. */
export function mailStateOf(status: string | null): MessageMailState {
  switch (status) {
    case 'sent':
      return 'sent';
    case 'pending':
    case 'held':
      return 'waiting';
    case 'failed':
      return 'failed';
    default:
      return 'unknown';
  }
}

export interface ReplyableMessage {
  email: string;
  subject: string;
  text: string;
  prename: string;
  lastname: string;
  /** `DD.MM.YYYY HH:mm`, as the inbox shows it. */
  sentAt: string;
}

/** 'Re: ' once: a subject that is already an answer is not made 'Re: Re: …'. */
export function replySubject(subject: string): string {
  return /^re:/i.test(subject.trim()) ? subject.trim() : `Re: ${subject.trim()}`;
}

/** The visitor's text quoted as mail programs do: each line after '> ', under who wrote it when. */
export function quotedText(message: ReplyableMessage): string {
  const quoted = message.text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n');
  return `\n\nAm ${message.sentAt} schrieb ${message.prename} ${message.lastname}:\n${quoted}\n`;
}

/**
 * `mailto:` of the answer to a message: to the visitor, 'Re: <subject>', the text quoted.
 * Every part is percent-encoded (RFC 6068): a '&', '?' or '#' in a subject or text must not
 * end the field or start another one, and line breaks are written as %0D%0A.
 */
export function replyMailto(message: ReplyableMessage): string {
  const body = quotedText(message).replace(/\n/g, '\r\n');
  return `mailto:${encodeURIComponent(message.email).replace(/%40/g, '@')}?subject=${encodeURIComponent(replySubject(message.subject))}&body=${encodeURIComponent(body)}`;
}
