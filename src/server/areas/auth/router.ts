import { loginInput } from '../../../shared/schemas/auth.ts';
import { authedProcedure, publicProcedure, router } from '../../trpc/index.ts';
import { AppError, MESSAGES } from '../../errors.ts';
import { findUserRecord } from '../users/queries.ts';
import { verifyCredentials } from './authenticate.ts';
import { describePrincipal } from './principal.ts';
import { createSession, deleteExpiredSessions, deleteSession } from './sessions.ts';

export const authRouter = router({
  /** Checks shooter number and password and opens a session behind the HttpOnly cookie. */
  login: publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    const { services } = ctx;
    const { principal } = await verifyCredentials(services, input.username, input.password, ctx.request.address);
    const nowMs = services.clock.now().getTime();
    await deleteExpiredSessions(services.db, nowMs);
    const session = await createSession(services.db, principal.id, ctx.request, nowMs);
    ctx.cookies.set(session.token);
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
