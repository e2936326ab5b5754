import { can, router } from '../../trpc/index.ts';
import { clearLogEntries, readLogText } from './queries.ts';

export const logRouter = router({
  /** The whole log as text, one entry a line, oldest first. */
  read: can('log_view').query(({ ctx }) => readLogText(ctx.services.db)),

  clear: can('log_delete').mutation(async ({ ctx }) => {
    await clearLogEntries(ctx.services.db);
    // The cleared log starts with who cleared it.
    await ctx.log('Log gelöscht');
    return { message: 'Log gelöscht' };
  }),
});
