import { loginInput } from '../../../shared/schemas/auth.ts';
import { authedProcedure, publicProcedure, router } from '../../trpc/index.ts';
import { AppError, MESSAGES } from '../../errors.ts';
import { findUserRecord } from '../users/queries.ts';
import { verifyCredentials } from './authenticate.ts';
import { passwordResetProcedures } from './password-reset.ts';
import { describePrincipal } from './principal.ts';
import { createSession, deleteExpiredSessions, deleteOtherSessions, deleteSession } from './sessions.ts';

export const authRouter = router({
  /** 'Passwort vergessen?': requestPasswordReset, checkPasswordReset, resetPassword (password-reset.ts). */
  ...passwordResetProcedures,

  /**
   * Checks shooter number and password and opens a session behind the HttpOnly cookie.
   * The browser's previous session, if it sent one, ends: one browser, one session. The
   * browser gets a new device cookie, which keeps it exempt from a lock of the number.
   */
  login: publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    const { services } = ctx;
    const { principal } = await verifyCredentials(services, input.username, input.password, ctx.request);
    const nowMs = services.clock.now().getTime();
    await deleteExpiredSessions(services.db, nowMs);
    if (ctx.sessionId) await deleteSession(services.db, ctx.sessionId);
    const session = await createSession(services.db, principal.id, ctx.request, nowMs);
    ctx.cookies.set(session.token);
    ctx.cookies.rememberDevice(await services.devices.issue(principal.uid));
    await services.serverLog.write(describePrincipal(principal), `Anmeldung von ${ctx.request.address}`);
    const record = await findUserRecord(services.db, principal.id);
    if (!record) throw new AppError('NOT_FOUND', MESSAGES.notFound);
    return { message: 'Erfolgreich angemeldet', data: record };
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
  logoutOthers: authedProcedure.mutation(async ({ ctx }) => {
    const ended = await deleteOtherSessions(ctx.services.db, ctx.user.id, ctx.sessionId);
    await ctx.log(`Auf allen anderen Geräten abgemeldet (${ended} ${ended === 1 ? 'Sitzung' : 'Sitzungen'} beendet)`);
    return { message: 'Du wurdest auf allen anderen Geräten abgemeldet.', data: { ended } };
  }),

  /**
   * Who is logged in, or null: the client asks this on every back-office visit, and
   * "nobody" is an answer there, not an error.
   */
  session: publicProcedure.query(async ({ ctx }) => (ctx.user ? ((await findUserRecord(ctx.services.db, ctx.user.id)) ?? null) : null)),

  /** The member's own record with the permission names of their groups. */
  me: authedProcedure.query(async ({ ctx }) => {
    const record = await findUserRecord(ctx.services.db, ctx.user.id);
    if (!record) throw new AppError('UNAUTHORIZED', MESSAGES.unauthorized);
    return record;
  }),
});
