import { CLOSURE_REASON_LABELS, closureDays, targetsText, type PublicCourseState } from '../../../shared/courseState.ts';
import { COURSE_STATE_MESSAGES, closureCreateInput, closureIdInput, closureUpdateInput, courseStateInput } from '../../../shared/schemas/courseState.ts';
import { AppError } from '../../errors.ts';
import { nextClubMidnight } from '../../http/public-cache.ts';
import type { AppServices } from '../../services.ts';
import { can, router, sharedReadProcedure } from '../../trpc/index.ts';
import { CALENDAR_CACHE_AREA } from '../calendar/cache-area.ts';
import { readCourseFacts } from '../club/facts.ts';
import { clubToday, findClosure, listClosures, listTournamentClosures, publicCourseStateOf, readCourseState, writeCourseState } from './queries.ts';

export const PARCOURS_MESSAGES = {
  stateSaved: 'Zustand des Parcours gespeichert',
  closureCreated: 'Schließung eingetragen',
  closureUpdated: 'Schließung geändert',
  closureDeleted: 'Schließung gelöscht',
} as const;

/**
 * The course's state as every visitor sees it, through the one answer cache (DESIGN §8).
 * Kept in the calendar's area: a tournament appointment closes the course, so every write
 * of an appointment must drop it, and the course's own writes drop that area too. It is
 * computed for the club's today and lives no longer than to the club's next midnight, so
 * an ended closure is gone by itself, and so is every page built from it.
 */
export function publicCourseState(services: Pick<AppServices, 'db' | 'publicCache' | 'clock'>): Promise<PublicCourseState> {
  const computedAt = services.clock.now();
  return services.publicCache.read(
    CALENDAR_CACHE_AREA,
    'course-state',
    () => publicCourseStateOf(services.db, clubToday(computedAt).today),
    () => nextClubMidnight(computedAt),
  );
}

/** A closure in the words of a log line: 'Sturm vom 28.11.2026 bis 30.11.2026'. */
function closureLogText(closure: { from: string; to: string; reason: keyof typeof CLOSURE_REASON_LABELS }): string {
  return `${CLOSURE_REASON_LABELS[closure.reason]} ${closureDays(closure)}`;
}

/** Refuses a closure that would lie wholly before the club's today. */
function assertNotEnded(to: string, today: string): void {
  if (to < today) throw AppError.field('to', COURSE_STATE_MESSAGES.ended);
}

/**
 * The 3D course's state (issue 30.1), permission area `parcours`: the back office reads it
 * (parcours_view) and sets it (parcours_update); visitors read `publicState`.
 */
export const parcoursRouter = router({
  /** Closed targets, detour and closures that have not ended, with the calendar's tournament days: what the pages show. */
  publicState: sharedReadProcedure.query(({ ctx }) => publicCourseState(ctx.services)),

  /** The same for the back office, from the database itself, with the closures' ids and the course's number of targets. */
  state: can('parcours_view').query(async ({ ctx }) => {
    const { db, clock } = ctx.services;
    const { today } = clubToday(clock.now());
    const [state, closures, tournaments, facts] = await Promise.all([readCourseState(db), listClosures(db, today), listTournamentClosures(db, today), readCourseFacts(db)]);
    return { ...state, targets: facts.targets, today, closures, tournaments };
  }),

  updateState: can('parcours_update')
    .input(courseStateInput)
    .mutation(async ({ ctx, input }) => {
      const { db, publicCache, clock } = ctx.services;
      const { stamp } = clubToday(clock.now());
      const saved = await db.transaction().execute(async (trx) => {
        // The number of targets is the course's fact, read in the same transaction as the write.
        const { targets } = await readCourseFacts(trx);
        const unknown = input.closedTargets.find((target) => target > targets);
        if (unknown !== undefined) throw AppError.field('closedTargets', COURSE_STATE_MESSAGES.targetUnknown(unknown, targets));
        await writeCourseState(trx, input.closedTargets, input.detour, stamp);
        return readCourseState(trx);
      });
      publicCache.invalidate(CALENDAR_CACHE_AREA);
      await ctx.log(saved.closedTargets.length === 0 ? 'Parcours: alle Ziele offen' : `Parcours: ${targetsText(saved.closedTargets)} gesperrt`);
      return { message: PARCOURS_MESSAGES.stateSaved, data: saved };
    }),

  createClosure: can('parcours_update')
    .input(closureCreateInput)
    .mutation(async ({ ctx, input }) => {
      const { db, publicCache, clock } = ctx.services;
      const { today, stamp } = clubToday(clock.now());
      assertNotEnded(input.to, today);
      const inserted = await db
        .insertInto('course_closures')
        .values({ from_date: input.from, to_date: input.to, reason: input.reason, note: input.note, created_at: stamp, updated_at: stamp })
        .executeTakeFirstOrThrow();
      const closure = { id: Number(inserted.insertId), from: input.from, to: input.to, reason: input.reason, note: input.note };
      publicCache.invalidate(CALENDAR_CACHE_AREA);
      await ctx.log(`Parcours-Schließung eingetragen: ${closureLogText(closure)}`);
      return { message: PARCOURS_MESSAGES.closureCreated, data: closure };
    }),

  updateClosure: can('parcours_update')
    .input(closureUpdateInput)
    .mutation(async ({ ctx, input }) => {
      const { db, publicCache, clock } = ctx.services;
      const { today, stamp } = clubToday(clock.now());
      assertNotEnded(input.to, today);
      const result = await db
        .updateTable('course_closures')
        .set({ from_date: input.from, to_date: input.to, reason: input.reason, note: input.note, updated_at: stamp })
        .where('id', '=', input.id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0 && (await findClosure(db, input.id)) === undefined) throw new AppError('NOT_FOUND', COURSE_STATE_MESSAGES.notFound);
      const closure = { id: input.id, from: input.from, to: input.to, reason: input.reason, note: input.note };
      publicCache.invalidate(CALENDAR_CACHE_AREA);
      await ctx.log(`Parcours-Schließung geändert: ${closureLogText(closure)}`);
      return { message: PARCOURS_MESSAGES.closureUpdated, data: closure };
    }),

  deleteClosure: can('parcours_update')
    .input(closureIdInput)
    .mutation(async ({ ctx, input }) => {
      const { db, publicCache } = ctx.services;
      const closure = await findClosure(db, input.id);
      if (!closure) throw new AppError('NOT_FOUND', COURSE_STATE_MESSAGES.notFound);
      await db.deleteFrom('course_closures').where('id', '=', input.id).execute();
      publicCache.invalidate(CALENDAR_CACHE_AREA);
      await ctx.log(`Parcours-Schließung gelöscht: ${closureLogText(closure)}`);
      return { message: PARCOURS_MESSAGES.closureDeleted };
    }),
});
