import { CONTACT_RECIPIENT_LABELS, contactInput } from '../../../shared/schemas/contact.ts';
import { toClubDateTime } from '../../../shared/dates.ts';
import { AppError } from '../../errors.ts';
import { networkOf } from '../../http/network.ts';
import { withinNetworkLimit, type NetworkLimit } from '../../http/network-limit.ts';
import { enqueueMail, mailboxWithName } from '../../mail/outbox.ts';
import { publicProcedure, router } from '../../trpc/index.ts';
import { contactAddressOf, readClubData } from '../club/queries.ts';

export const CONTACT_RESPONSES = {
  sent: 'Vielen Dank für deine Nachricht! Wir melden uns so bald wie möglich.',
  noAddress: 'An diesen Adressaten kann derzeit keine Nachricht gesendet werden. Bitte wähle einen anderen Adressaten.',
  tooMany: 'Von deiner Adresse wurden in der letzten Stunde zu viele Nachrichten gesendet. Bitte versuche es später erneut.',
} as const;

/** Accepted messages per client address within the window (README „Kontaktformular“). */
export const CONTACT_LIMIT = { kind: 'contact', perNetwork: 5, windowMs: 60 * 60_000 } as const satisfies NetworkLimit;

export const contactRouter = router({
  send: publicProcedure.input(contactInput).mutation(async ({ ctx, input }) => {
    const { services } = ctx;
    // From the database, not the cache: an address removed in the back office takes effect at once.
    const address = contactAddressOf(await readClubData(services.db), input.to);
    if (!address) throw AppError.field('to', CONTACT_RESPONSES.noAddress);
    // A filled honeypot was typed by a program: it gets the same answer, and nothing happens.
    if (input.homepage !== undefined && input.homepage.trim() !== '') {
      services.logger.info({ address: ctx.request.address }, 'contact: honeypot filled, message dropped');
      return { message: CONTACT_RESPONSES.sent };
    }
    const now = services.clock.now();
    // Counted per network (an IPv6 /64), like every limit per address.
    const clientAddress = networkOf(ctx.request.address).slice(0, 64);
    const name = `${input.prename} ${input.lastname}`;
    const text = [
      `${name} <${input.email}> hat über das Kontaktformular von ${services.config.publicUrl}/kontakt geschrieben`,
      `(Adressat: ${CONTACT_RECIPIENT_LABELS[input.to]}). Eine Antwort auf diese Mail geht an ${input.email}.`,
      '',
      `Betreff: ${input.subject}`,
      '',
      input.text,
      '',
      '-- ',
      `Gesendet über ${services.config.publicUrl}`,
    ].join('\n');
    // Counted per network (an IPv6 /64) in the one limiter of DESIGN §10; the message, its
    // mail and the counted attempt are one transaction, so only accepted messages count.
    const stored = await withinNetworkLimit(services, CONTACT_LIMIT, clientAddress, now, async (trx) => {
      const replyTo = mailboxWithName(name, input.email);
      const mailId = await enqueueMail(trx, { kind: 'contact', to: address, replyTo, subject: input.subject, text }, now);
      // Linked to its mail, whose state the inbox 'Nachrichten' shows (sent, waiting, failed).
      await trx
        .insertInto('contact_messages')
        .values({
          recipient: input.to,
          prename: input.prename,
          lastname: input.lastname,
          email: input.email,
          subject: input.subject,
          text: input.text,
          address: clientAddress,
          created_at: toClubDateTime(now),
          created_ms: now.getTime(),
          mail_id: mailId,
        })
        .execute();
    });
    if (!stored.admitted) throw new AppError('TOO_MANY_REQUESTS', CONTACT_RESPONSES.tooMany);
    services.mail.wake();
    return { message: CONTACT_RESPONSES.sent };
  }),
});
