import { loginInput } from '../../../shared/schemas/auth.ts';
import { loginCodeInput, SECOND_FACTOR_MESSAGES } from '../../../shared/schemas/secondFactor.ts';
import { accountProcedure, authedProcedure, publicProcedure, router } from '../../trpc/index.ts';
import type { Context } from '../../trpc/context.ts';
import { AppError, MESSAGES } from '../../errors.ts';
import { findUserRecord, type UserRecord } from '../users/queries.ts';
import type { SectionRights } from '../../../shared/sectionRights.ts';
import { passwordResetProcedures } from './password-reset.ts';
import { attemptSecondFactor, verifyCredentials, WRONG_CODE_MESSAGE } from './authenticate.ts';
import { describePrincipal, loadPrincipal, type Principal } from './principal.ts';
import {
  consumePendingLogin,
  countPendingLoginFailure,
  countRecoveryCodes,
  createPendingLogin,
  findPendingLogin,
  PENDING_LOGIN_MAX_FAILURES,
  PENDING_LOGIN_MS,
} from './second-factor.ts';
import { createSession, deleteExpiredSessions, deleteOtherSessions, deleteSession } from './sessions.ts';
import { sendSecurityNotice } from './security-notices.ts';

/** The password was right and the member has a second factor: the code comes next (auth.loginCode). */
export const CODE_NEEDED_MESSAGE = 'Bitte gib den Code aus deiner Authenticator-App ein.';

/**
 * The own record as the back office keeps it, with the rights per section (issue 28.1) of
 * the content permissions: the dashboard disables other sections' controls.
 */
export type SessionRecord = UserRecord & { section_rights: SectionRights };

type LoginAnswer =
  | { message: string; data: SessionRecord; ticket?: undefined }
  /** `ticket` names the pending login for auth.loginCode; it ends after `expires_in` seconds. */
  | { message: string; data?: undefined; ticket: string; expires_in: number };

/**
 * Opens a session behind the HttpOnly cookie. The browser's previous session, if it sent
 * one, ends: one browser, one session. The browser gets a new device cookie, which keeps
 * it exempt from a lock of the number.
 */
async function openSession(ctx: Context, principal: Principal, how: string): Promise<SessionRecord> {
  const { services } = ctx;
  const nowMs = services.clock.now().getTime();
  await deleteExpiredSessions(services.db, nowMs);
  if (ctx.sessionId) await deleteSession(services.db, ctx.sessionId);
  const session = await createSession(services.db, principal.id, ctx.request, nowMs);
  ctx.cookies.set(session.token);
  ctx.cookies.rememberDevice(await services.devices.issue(principal.uid));
  await services.serverLog.write(describePrincipal(principal), `Anmeldung${how} von ${ctx.request.address}`);
  const record = await findUserRecord(services.db, principal.id);
  if (!record) throw new AppError('NOT_FOUND', MESSAGES.notFound);
  return { ...record, section_rights: principal.sectionRights };
}

export const authRouter = router({
  /** 'Passwort vergessen?': requestPasswordReset, checkPasswordReset, resetPassword (password-reset.ts). */
  ...passwordResetProcedures,

  /**
   * Checks shooter number and password. Without a second factor it opens the session; with
   * one it opens none and answers a short-lived, single-use reference (`ticket`) for the
   * code step instead.
   */
  login: publicProcedure.input(loginInput).mutation(async ({ ctx, input }): Promise<LoginAnswer> => {
    const { services } = ctx;
    const { principal, secondFactor } = await verifyCredentials(services, input.username, input.password, ctx.request);
    if (secondFactor) {
      const ticket = await createPendingLogin(services.db, principal.id, services.clock.now().getTime());
      return { message: CODE_NEEDED_MESSAGE, ticket, expires_in: PENDING_LOGIN_MS / 1000 };
    }
    return { message: 'Erfolgreich angemeldet', data: await openSession(ctx, principal, '') };
  }),

  /**
   * The second step: the code of the member's app, or one of their recovery codes, for the
   * reference of the password step. A wrong code is a failed login (limits, 429); after a
   * few the reference ends. Used once: the session opens and the reference is gone.
   */
  loginCode: publicProcedure.input(loginCodeInput).mutation(async ({ ctx, input }) => {
    const { services } = ctx;
    const expired = () => new AppError('UNAUTHORIZED', SECOND_FACTOR_MESSAGES.ticketInvalid, { ticket: [SECOND_FACTOR_MESSAGES.ticketInvalid] });
    const pending = await findPendingLogin(services.db, input.ticket, services.clock.now().getTime());
    const principal = pending ? await loadPrincipal(services.db, pending.userId) : null;
    if (!pending || !principal) throw expired();
    const kind = await attemptSecondFactor(services, principal, input.code, ctx.request);
    if (!kind) {
      if (await countPendingLoginFailure(services.db, pending.id)) {
        // The password was right: whoever typed these codes knows it. The member hears of it.
        await sendSecurityNotice(services, principal.id, [{ kind: 'codeFailures', count: PENDING_LOGIN_MAX_FAILURES }], ctx.request.address);
      }
      throw new AppError('UNAUTHORIZED', WRONG_CODE_MESSAGE, { code: [WRONG_CODE_MESSAGE] });
    }
    // Two right codes at once: only the request that ends the reference logs in.
    if (!(await consumePendingLogin(services.db, pending.id))) throw expired();
    if (kind === 'totp') return { message: 'Erfolgreich angemeldet', data: await openSession(ctx, principal, ' mit zweitem Faktor') };
    const left = await countRecoveryCodes(services.db, principal.id);
    const data = await openSession(ctx, principal, ` mit Wiederherstellungscode (noch ${left} übrig)`);
    const message = `Erfolgreich mit einem Wiederherstellungscode angemeldet. Du hast noch ${left} ${left === 1 ? 'Wiederherstellungscode' : 'Wiederherstellungscodes'}.`;
    return { message, data };
  }),

  logout: publicProcedure.mutation(async ({ ctx }) => {
    if (ctx.sessionId) {
      await deleteSession(ctx.services.db, ctx.sessionId);
      await ctx.log('Abmeldung');
    }
    ctx.cookies.clear();
    return { message: 'Erfolgreich abgemeldet' };
  }),

  /**
   * 'Auf allen Geräten abmelden' (Meine Daten): ends every session of the member but the
   * one asking (with Basic authentication there is none to keep, so all of them end).
   */
  logoutOthers: accountProcedure.meta({ beforeSecondFactor: true }).mutation(async ({ ctx }) => {
    const ended = await deleteOtherSessions(ctx.services.db, ctx.user.id, ctx.sessionId);
    await ctx.log(`Auf allen anderen Geräten abgemeldet (${ended} ${ended === 1 ? 'Sitzung' : 'Sitzungen'} beendet)`);
    return { message: 'Du wurdest auf allen anderen Geräten abgemeldet.', data: { ended } };
  }),

  /**
   * Who is logged in, or null: the client asks this on every back-office visit, and
   * "nobody" is an answer there, not an error.
   */
  session: publicProcedure.query(async ({ ctx }) => {
    if (!ctx.user) return null;
    const record = await findUserRecord(ctx.services.db, ctx.user.id);
    return record ? { ...record, section_rights: ctx.user.sectionRights } : null;
  }),

  /** The member's own record with the permission names of their groups. */
  me: authedProcedure.meta({ beforeSecondFactor: true }).query(async ({ ctx }) => {
    const record = await findUserRecord(ctx.services.db, ctx.user.id);
    if (!record) throw new AppError('UNAUTHORIZED', MESSAGES.unauthorized);
    // Rights per section (issue 28.1): the back office disables other sections' controls.
    return { ...record, section_rights: ctx.user.sectionRights };
  }),
});
