import { createHash } from 'node:crypto';
import { PASSWORD_RESET_PATH } from '../../../shared/constants.ts';
import { formatGermanDateTime, toClubDateTime } from '../../../shared/dates.ts';
import { isShooterNumber } from '../../../shared/schemas/fields.ts';
import {
  PASSWORD_RESET_MESSAGES,
  PASSWORD_RESET_VALIDITY_MINUTES,
  passwordResetInput,
  passwordResetRequestInput,
  passwordResetTokenInput,
} from '../../../shared/schemas/passwordReset.ts';
import type { Db } from '../../db/connection.ts';
import { withNamedLock } from '../../db/locks.ts';
import { AppError } from '../../errors.ts';
import { networkOf } from '../../http/network.ts';
import { linkTokenHash, newLinkToken } from '../../http/link-token.ts';
import { enqueueMail, mailboxOf } from '../../mail/outbox.ts';
import { clubProfile } from '../club/cache.ts';
import type { AppServices } from '../../services.ts';
import { publicProcedure } from '../../trpc/index.ts';
import { ANONYMOUS_ACTOR, REPEATED_EVENT_WINDOW_MS } from '../log/server-log.ts';
import { describePrincipal } from './principal.ts';
import { endOldCredentials } from './credentials.ts';
import { queueSecurityNoticeFor } from './security-notices.ts';

/**
 * 'Passwort vergessen?' (issue 18, README „Passwort vergessen“): a member asks for a link by
 * shooter number or e-mail address, gets it by mail through the outbox, and sets a new
 * password with it once within an hour. Every request gets the same answer, and the answer
 * does not wait for anything that depends on the member (the lookup and the mail run after
 * it, services.background), so neither its text nor its time tells whether a member exists.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

export const PASSWORD_RESET_VALIDITY_MS = PASSWORD_RESET_VALIDITY_MINUTES * MINUTE_MS;

/**
 * Requests within the window: per network (an IPv6 /64) and per shooter number or e-mail
 * address asked for (whether it exists or not, so the 429 tells nothing either), both
 * answered with 429; and links per member, beyond which further requests send nothing
 * (the answer stays the same, the log says it).
 */
export const PASSWORD_RESET_LIMITS = { perAddress: 10, perTarget: 3, perMember: 3, windowMs: 60 * MINUTE_MS } as const;

/** Used and expired links are kept this long, so that a late click still hears why the link fails; then deleted. */
const KEEP_ENDED_LINKS_MS = 7 * DAY_MS;
/** Members sharing one e-mail address (a family) each get their own link, up to this many. */
const MAX_MEMBERS_PER_ADDRESS = 5;
const LOCK_WAIT_SECONDS = 2;

/** Only this hash of a link's token is stored (`password_resets.id`). */
export function resetTokenHash(token: string): string {
  return linkTokenHash(null, token);
}

/** What the limit per target counts: the shooter number or the e-mail address asked for, hashed. */
export function resetTargetOf(login: string): string {
  const key = isShooterNumber(login) ? `uid\n${login}` : `email\n${login.toLowerCase()}`;
  return createHash('sha256').update(key).digest('hex');
}

export function resetLink(publicUrl: string, token: string): string {
  return `${publicUrl}${PASSWORD_RESET_PATH}#token=${token}`;
}

function fromWhere(address: string): string {
  const network = networkOf(address);
  return network === address ? `von ${address}` : `von ${address} (Netz ${network})`;
}

type Verdict = 'accepted' | 'address' | 'target';

/**
 * Counts and books the request under a lock per network that every process shares (as the
 * contact form does), pruning the bookings older than the window. The same statements
 * whoever was asked for.
 */
async function bookRequest(services: AppServices, network: string, target: string, nowMs: number): Promise<Verdict | undefined> {
  const { windowMs, perAddress, perTarget } = PASSWORD_RESET_LIMITS;
  const booked = await withNamedLock(services.db, services.dialect, `password-reset\n${network}`, LOCK_WAIT_SECONDS, (db) =>
    db.transaction().execute(async (trx): Promise<Verdict> => {
      await trx.deleteFrom('password_reset_requests').where('requested_ms', '<=', nowMs - windowMs).execute();
      const count = async (column: 'address' | 'target', value: string) =>
        Number(
          (
            await trx
              .selectFrom('password_reset_requests')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where(column, '=', value)
              .executeTakeFirstOrThrow()
          ).n,
        );
      if ((await count('address', network)) >= perAddress) return 'address';
      if ((await count('target', target)) >= perTarget) return 'target';
      await trx.insertInto('password_reset_requests').values({ address: network, target, requested_ms: nowMs }).execute();
      return 'accepted';
    }),
  );
  return booked?.value;
}

interface ResetMember {
  id: number;
  uid: string;
  prename: string;
  lastname: string;
  email: string;
}

/** The member of a shooter number, or the members of an e-mail address (compared without case). */
async function findMembers(db: Db, login: string): Promise<ResetMember[]> {
  const query = db.selectFrom('users').select(['id', 'uid', 'prename', 'lastname', 'email']).orderBy('id').limit(MAX_MEMBERS_PER_ADDRESS);
  if (isShooterNumber(login)) return query.where('uid', '=', login).execute();
  return query.where((eb) => eb(eb.fn('lower', ['email']), '=', login.toLowerCase())).execute();
}

function resetMail(services: AppServices, club: string, member: ResetMember, token: string, expires: Date) {
  return {
    subject: `Passwort zurücksetzen – ${club}`,
    text: [
      `Hallo ${member.prename} ${member.lastname},`,
      '',
      `für deine Schützennummer ${member.uid} wurde auf ${services.config.publicUrl} ein neues Passwort angefordert.`,
      'Über diesen Link legst du es fest:',
      '',
      resetLink(services.config.publicUrl, token),
      '',
      `Der Link ist eine Stunde gültig (bis ${formatGermanDateTime(toClubDateTime(expires))} Uhr) und funktioniert nur einmal.`,
      'Mit dem neuen Passwort wirst du auf allen Geräten abgemeldet und meldest dich danach neu an.',
      '',
      'Wenn du das nicht selbst angefordert hast, kannst du diese Mail löschen: Dein bisheriges Passwort bleibt gültig.',
      '',
      'Viele Grüße',
      club,
    ].join('\n'),
  };
}

/**
 * After the answer: looks the members up and, for each one with an address and within the
 * limit per member, stores the link's hash and its mail in one transaction. Writes the log.
 */
async function sendResetLinks(services: AppServices, login: string, address: string, now: Date): Promise<void> {
  const { db, serverLog } = services;
  const nowMs = now.getTime();
  const where = fromWhere(address);
  const members = await findMembers(db, login);
  if (members.length === 0) {
    await serverLog.writeOnce(
      `password reset unknown\n${networkOf(address)}`,
      ANONYMOUS_ACTOR,
      `Passwort vergessen: Link für eine unbekannte Schützennummer bzw. E-Mail-Adresse angefordert ${where}`,
      REPEATED_EVENT_WINDOW_MS,
    );
    return;
  }
  let queued = 0;
  // The club's name as the members' pages show it (saved in the back office).
  const club = (await clubProfile(services)).name;
  for (const member of members) {
    const actor = describePrincipal(member);
    const to = mailboxOf(member.email.trim());
    if (to === undefined) {
      await serverLog.write(actor, `Passwort vergessen: kein Link gesendet, weil keine gültige E-Mail-Adresse hinterlegt ist (angefordert ${where})`);
      continue;
    }
    const token = newLinkToken();
    const expires = new Date(nowMs + PASSWORD_RESET_VALIDITY_MS);
    const mail = resetMail(services, club, member, token, expires);
    const stored = await withNamedLock(db, services.dialect, `password-reset-member\n${member.id}`, LOCK_WAIT_SECONDS, (lockDb) =>
      lockDb.transaction().execute(async (trx) => {
        await trx.deleteFrom('password_resets').where('expires_ms', '<=', nowMs - KEEP_ENDED_LINKS_MS).execute();
        const recent = await trx
          .selectFrom('password_resets')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', member.id)
          .where('created_ms', '>', nowMs - PASSWORD_RESET_LIMITS.windowMs)
          .executeTakeFirstOrThrow();
        if (Number(recent.n) >= PASSWORD_RESET_LIMITS.perMember) return false;
        await trx
          .insertInto('password_resets')
          .values({ id: resetTokenHash(token), user_id: member.id, created_ms: nowMs, expires_ms: expires.getTime(), used_ms: null })
          .execute();
        await enqueueMail(trx, { kind: 'password-reset', to, subject: mail.subject, text: mail.text, expiresMs: expires.getTime() }, now);
        return true;
      }),
    );
    if (!stored?.value) {
      await serverLog.writeOnce(
        `password reset member limit\n${member.id}`,
        actor,
        `Passwort vergessen: kein weiterer Link gesendet (höchstens ${PASSWORD_RESET_LIMITS.perMember} je Stunde) ${where}`,
        PASSWORD_RESET_LIMITS.windowMs,
      );
      continue;
    }
    queued += 1;
    await serverLog.write(actor, `Passwort vergessen: Link zum Zurücksetzen per Mail angefordert ${where}`);
  }
  if (queued > 0) services.mail.wake();
}

/** The link of a token with its member, or the German reason it does not work. */
async function usableLink(db: Db, token: string, nowMs: number) {
  const link = await db
    .selectFrom('password_resets')
    .innerJoin('users', 'users.id', 'password_resets.user_id')
    .select(['password_resets.id', 'password_resets.expires_ms', 'password_resets.used_ms', 'users.id as user_id', 'users.uid', 'users.prename', 'users.lastname'])
    .where('password_resets.id', '=', resetTokenHash(token))
    .executeTakeFirst();
  if (!link) throw AppError.field('token', PASSWORD_RESET_MESSAGES.linkInvalid);
  if (link.used_ms !== null) throw AppError.field('token', PASSWORD_RESET_MESSAGES.linkUsed);
  if (Number(link.expires_ms) <= nowMs) throw AppError.field('token', PASSWORD_RESET_MESSAGES.linkExpired);
  return link;
}

/** The procedures of 'Passwort vergessen?', part of the auth router; all public by nature. */
export const passwordResetProcedures = {
  /** The one answer for every input the schema takes; 429 past the limits per network and per target. */
  requestPasswordReset: publicProcedure.input(passwordResetRequestInput).mutation(async ({ ctx, input }) => {
    const { services } = ctx;
    const now = services.clock.now();
    const network = networkOf(ctx.request.address).slice(0, 64);
    const verdict = await bookRequest(services, network, resetTargetOf(input.login), now.getTime());
    if (verdict !== 'accepted') {
      const byTarget = verdict === 'target';
      await services.serverLog.writeOnce(
        `password reset refused\n${byTarget ? 'target' : 'address'}\n${network}`,
        ANONYMOUS_ACTOR,
        `Passwort vergessen: Anforderung abgelehnt (${byTarget ? 'zu viele für diese Angabe' : 'zu viele von dieser Adresse'}) ${fromWhere(ctx.request.address)}`,
        REPEATED_EVENT_WINDOW_MS,
      );
      throw new AppError('TOO_MANY_REQUESTS', byTarget ? PASSWORD_RESET_MESSAGES.tooManyForTarget : PASSWORD_RESET_MESSAGES.tooManyFromAddress);
    }
    const { address } = ctx.request;
    services.background.run('password reset mail', () => sendResetLinks(services, input.login, address, now));
    return { message: PASSWORD_RESET_MESSAGES.requested };
  }),

  /**
   * Whether a link still works, asked when its page opens: a mutation, so that the token
   * travels in a POST body and never in an address a log or cache could keep.
   */
  checkPasswordReset: publicProcedure.input(passwordResetTokenInput).mutation(async ({ ctx, input }) => {
    const link = await usableLink(ctx.services.db, input.token, ctx.services.clock.now().getTime());
    return { data: { uid: link.uid } };
  }),

  /**
   * Sets the new password with a working link, once: the link and the member's other links
   * end, and every session of the member with them (whoever held one is out).
   */
  resetPassword: publicProcedure.input(passwordResetInput).mutation(async ({ ctx, input }) => {
    const { services } = ctx;
    const { db, clock, passwords } = services;
    const nowMs = clock.now().getTime();
    // Checked before bcrypt runs, so that a wrong link costs the server nothing.
    const link = await usableLink(db, input.token, nowMs);
    const passwordHash = await passwords.hash(input.password);
    const ended = await db.transaction().execute(async (trx) => {
      // The link is spent by exactly one request, also with two at once (or on two servers).
      const spent = await trx
        .updateTable('password_resets')
        .set({ used_ms: nowMs })
        .where('id', '=', link.id)
        .where('used_ms', 'is', null)
        .where('expires_ms', '>', nowMs)
        .executeTakeFirst();
      if (Number(spent.numUpdatedRows) !== 1) return undefined;
      await trx.updateTable('password_resets').set({ used_ms: nowMs }).where('user_id', '=', link.user_id).where('used_ms', 'is', null).execute();
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: toClubDateTime(new Date(nowMs)) })
        .where('id', '=', link.user_id)
        .execute();
      const endedNow = await endOldCredentials(trx, link.user_id, null);
      await queueSecurityNoticeFor(trx, services, link.user_id, [{ kind: 'password', by: 'reset' }], { address: ctx.request.address, ended: endedNow });
      return endedNow;
    });
    if (ended === undefined) {
      // Another request spent it first, or its hour ran out meanwhile: say which.
      await usableLink(db, input.token, nowMs);
      throw AppError.field('token', PASSWORD_RESET_MESSAGES.linkUsed);
    }
    services.credentials.forgetUser(link.user_id);
    services.mail.wake();
    const member = { uid: link.uid, prename: link.prename, lastname: link.lastname };
    const { sessions, appPasswords } = ended;
    await services.serverLog.write(
      describePrincipal(member),
      `Passwort über den Link aus der Mail zurückgesetzt ${fromWhere(ctx.request.address)} (${sessions} ${sessions === 1 ? 'Sitzung' : 'Sitzungen'} beendet, ${appPasswords} ${appPasswords === 1 ? 'App-Passwort' : 'App-Passwörter'} widerrufen)`,
    );
    return { message: PASSWORD_RESET_MESSAGES.done };
  }),
};
