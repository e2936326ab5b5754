import nodemailer from 'nodemailer';
import { mailboxOf, type OutgoingMail } from './outbox.ts';

/** What the worker sends with: SMTP in production, anything in tests. */
export interface MailTransport {
  send: (mail: OutgoingMail) => Promise<void>;
  close: () => void;
}

export interface SmtpOptions {
  /** SMTP_URL, e.g. smtp://user:pass@mail.example.org:587 or smtps://…:465 */
  url: string;
  /** MAIL_FROM, e.g. `Schützenverein <webmaster@example.org>` */
  from: string;
  /** Lets a stuck server fail the try long before the worker's claim runs out. */
  timeoutMs?: number;
}

/**
 * SMTP through nodemailer: From is MAIL_FROM, To the recipient, Reply-To the visitor;
 * UTF-8 plain text, with an HTML alternative and extra headers where the mail has them. nodemailer encodes every header value, and the outbox keeps them on
 * one line (outbox.ts `singleLine`), so no value can add a header or a recipient.
 */
export function smtpTransport({ url, from, timeoutMs = 60_000 }: SmtpOptions): MailTransport {
  const sender = mailboxOf(from);
  if (!sender) throw new Error('MAIL_FROM muss genau eine E-Mail-Adresse sein, z. B. Schützenverein <webmaster@example.org>');
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    // The worker sends one message after the other and retries itself.
    pool: false,
    // Attachments come from the database as content; never read a file or URL named in one.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return {
    async send(mail) {
      const recipient = mailboxOf(mail.to);
      if (!recipient) throw new Error('Die Empfängeradresse ist ungültig.');
      await transporter.sendMail({
        // Given explicitly: whatever the headers say, the message goes to this one mailbox.
        envelope: { from: sender, to: [recipient] },
        from,
        to: mail.to,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        subject: mail.subject,
        text: mail.text,
        // multipart/alternative: the text first, the HTML for programs that show it.
        ...(mail.html === null ? {} : { html: mail.html }),
        ...(Object.keys(mail.headers).length === 0 ? {} : { headers: mail.headers }),
        textEncoding: 'quoted-printable',
        attachments: mail.attachments.map((attachment) => ({
          filename: attachment.filename,
          content: attachment.content,
          contentType: attachment.contentType,
        })),
      });
    },
    close() {
      transporter.close();
    },
  };
}
