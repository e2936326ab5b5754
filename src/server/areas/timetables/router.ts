import { quoted } from '../../../shared/logNames.ts';
import { idInput } from '../../../shared/schemas/groups.ts';
import { timetableCreateInput, timetableReorderInput, timetableUpdateInput } from '../../../shared/schemas/timetable.ts';
import {
  describeTimetableEntry,
  publicTimetableOf,
  sectionLabel,
  TIMETABLE_LIMITS,
  type PublicTimetables,
  type TimetableEntry,
  type TimetableSection,
} from '../../../shared/timetable.ts';
import { AppError } from '../../errors.ts';
import { can, canIn, router, sharedReadProcedure } from '../../trpc/index.ts';
import {
  countTimetableEntries,
  deleteTimetableEntry,
  findTimetableEntry,
  insertTimetableEntry,
  listTimetableEntries,
  reorderTimetable,
  sectionOfTimetableEntry,
  updateTimetableEntry,
} from './queries.ts';

/** The PublicCache area of the timetables; every write below drops it, and with it every kept page. */
export const TIMETABLES_CACHE_AREA = 'timetables';

export const TIMETABLE_RESPONSES = {
  created: 'Schießzeit angelegt',
  updated: 'Schießzeit gespeichert',
  deleted: 'Schießzeit gelöscht',
  reordered: 'Reihenfolge gespeichert',
  notFound: 'Diese Schießzeit gibt es nicht (mehr).',
  full: `Eine Sparte kann höchstens ${TIMETABLE_LIMITS.entriesPerSection} Schießzeiten haben.`,
  orderStale: 'Die Schießzeiten dieser Sparte wurden inzwischen geändert. Bitte lade die Seite neu und versuche es erneut.',
} as const;

/** `Schießzeit LG/LP angelegt: Dienstag 18:00–20:00 Uhr Training, pausiert, Anmerkung „…“` for the server log. */
function logLine(entry: TimetableEntry, done: string): string {
  const parts = [describeTimetableEntry(entry)];
  if (!entry.active) parts.push('pausiert');
  if (entry.note !== '') parts.push(`Anmerkung ${quoted(entry.note)}`);
  return `Schießzeit ${sectionLabel(entry.section)} ${done}: ${parts.join(', ')}`;
}

async function existing(find: Promise<TimetableEntry | undefined>): Promise<TimetableEntry> {
  const entry = await find;
  if (!entry) throw new AppError('NOT_FOUND', TIMETABLE_RESPONSES.notFound);
  return entry;
}

export const timetablesRouter = router({
  /** Every section's active rows in order and its number of paused ones: what the /zeiten-* pages show. */
  publicList: sharedReadProcedure.query(({ ctx }) =>
    ctx.services.publicCache.read(TIMETABLES_CACHE_AREA, 'public', async (): Promise<PublicTimetables> => {
      const entries = await listTimetableEntries(ctx.services.db);
      const ofSection = (section: TimetableSection) => publicTimetableOf(entries.filter((entry) => entry.section === section));
      return { gun: ofSection('gun'), arch: ofSection('arch'), blowpipe: ofSection('blowpipe') };
    }),
  ),

  // The back office reads the database itself: an editor must see what was just saved, paused rows included.
  list: can('dashboard_view').query(({ ctx }) => listTimetableEntries(ctx.services.db)),

  create: canIn('dashboard_update', timetableCreateInput, (input) => input.section)
    .mutation(async ({ ctx, input }) => {
      const { section, ...fields } = input;
      const data = await ctx.services.db.transaction().execute(async (trx) => {
        if ((await countTimetableEntries(trx, section)) >= TIMETABLE_LIMITS.entriesPerSection) {
          throw new AppError('UNPROCESSABLE_CONTENT', TIMETABLE_RESPONSES.full);
        }
        return existing(findTimetableEntry(trx, await insertTimetableEntry(trx, section, fields)));
      });
      ctx.services.publicCache.invalidate(TIMETABLES_CACHE_AREA);
      await ctx.log(logLine(data, 'angelegt'));
      return { message: TIMETABLE_RESPONSES.created, data };
    }),

  update: canIn('dashboard_update', timetableUpdateInput, (input, ctx) => sectionOfTimetableEntry(ctx.services.db, input.id))
    .mutation(async ({ ctx, input }) => {
      const { id, ...fields } = input;
      const data = await ctx.services.db.transaction().execute(async (trx) => {
        const before = await existing(findTimetableEntry(trx, id));
        await updateTimetableEntry(trx, before, fields);
        return existing(findTimetableEntry(trx, id));
      });
      ctx.services.publicCache.invalidate(TIMETABLES_CACHE_AREA);
      await ctx.log(logLine(data, 'gespeichert'));
      return { message: TIMETABLE_RESPONSES.updated, data };
    }),

  delete: canIn('dashboard_update', idInput, (input, ctx) => sectionOfTimetableEntry(ctx.services.db, input.id))
    .mutation(async ({ ctx, input }) => {
      const entry = await ctx.services.db.transaction().execute(async (trx) => {
        const found = await existing(findTimetableEntry(trx, input.id));
        // A concurrent delete may have been first: then this one deleted nothing.
        if (!(await deleteTimetableEntry(trx, input.id))) throw new AppError('NOT_FOUND', TIMETABLE_RESPONSES.notFound);
        return found;
      });
      ctx.services.publicCache.invalidate(TIMETABLES_CACHE_AREA);
      await ctx.log(logLine(entry, 'gelöscht'));
      return { message: TIMETABLE_RESPONSES.deleted, data: { id: entry.id } };
    }),

  /** The new order of all of a section's rows; one the member has not seen (added meanwhile) refuses it. */
  reorder: canIn('dashboard_update', timetableReorderInput, (input) => input.section)
    .mutation(async ({ ctx, input }) => {
      const data = await ctx.services.db.transaction().execute(async (trx) => {
        const current = await listTimetableEntries(trx, input.section);
        const known = new Set(current.map((entry) => entry.id));
        if (input.ids.length !== current.length || input.ids.some((id) => !known.has(id))) {
          throw new AppError('CONFLICT', TIMETABLE_RESPONSES.orderStale);
        }
        await reorderTimetable(trx, input.ids);
        return listTimetableEntries(trx, input.section);
      });
      ctx.services.publicCache.invalidate(TIMETABLES_CACHE_AREA);
      await ctx.log(`Reihenfolge der Schießzeiten ${sectionLabel(input.section)} geändert: ${data.map((entry) => describeTimetableEntry(entry)).join('; ')}`);
      return { message: TIMETABLE_RESPONSES.reordered, data };
    }),
});
