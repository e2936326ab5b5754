import { z } from 'zod';
import type { ResultSection } from '../../../shared/constants.ts';
import { toClubDateTime } from '../../../shared/dates.ts';
import { quoted, sectionName } from '../../../shared/logNames.ts';
import { resultFields, resultFieldsInput, resultListInput } from '../../../shared/schemas/files.ts';
import { idInput } from '../../../shared/schemas/groups.ts';
import { Refusal } from '../../errors.ts';
import type { Principal } from '../auth/principal.ts';
import { receivedFile } from '../../storage/schema.ts';
import { deleteRowById } from '../../db/rows.ts';
import { deleteWithFiles, storeWithRow } from '../../storage/storage.ts';
import { assertSectionRight, can, canAny, canIn, router, sharedReadProcedure } from '../../trpc/index.ts';
import { findResult, findResultRow, insertResult, listResults, sectionOfResult } from './queries.ts';
import type { SectionPermission } from '../../../shared/sectionRights.ts';

/** SPEC §6: gun results are added with dashboard_create, archery and blowpipe results with dashboard_update. */
export const RESULT_UPLOAD_PERMISSION: Record<ResultSection, SectionPermission> = {
  gun: 'dashboard_create',
  arch: 'dashboard_update',
  blowpipe: 'dashboard_update',
};

/** Holds a permission that allows some result upload: checked before the input, so a stranger learns nothing from 422s. */
const resultUploader = canAny(...new Set(Object.values(RESULT_UPLOAD_PERMISSION)));

function requireSectionPermission(ctx: { user: Principal }, path: string, section: ResultSection): void {
  const permission = RESULT_UPLOAD_PERMISSION[section];
  if (!ctx.user.permissions.has(permission)) throw new Refusal(`${path} (fehlende Berechtigung ${permission})`);
  // Rights per section (issue 28.1): the permission must also reach the section.
  assertSectionRight(ctx.user, permission, section, path);
}

/** The PDF comes through POST /api/results only (multipart section, internal 0/1, file); see rest.ts. */
export const resultCreateInput = z.object({ ...resultFields, file: receivedFile('result') });

/** The PublicCache area of the result files; every create and delete drops it. */
export const RESULTS_CACHE_AREA = 'results';

export const resultsRouter = router({
  publicList: sharedReadProcedure.input(resultListInput).query(({ ctx, input }) => {
    const section = input?.section;
    return ctx.services.publicCache.read(RESULTS_CACHE_AREA, section ?? 'all', () => listResults(ctx.services.db, ctx.services.storage.urlOf, section));
  }),

  list: can('dashboard_view')
    .input(resultListInput)
    .query(({ ctx, input }) => listResults(ctx.services.db, ctx.services.storage.urlOf, input?.section)),

  /** The fields sent before the file: with a section, its permission is checked before the file is stored. */
  checkUpload: resultUploader.input(resultFieldsInput.partial()).query(async ({ ctx, input, path }) => {
    if (input.section) requireSectionPermission(ctx, path, input.section);
    return { allowed: true };
  }),

  create: resultUploader.input(resultCreateInput).mutation(async ({ ctx, input, path }) => {
    requireSectionPermission(ctx, path, input.section);
    const { db, storage, clock } = ctx.services;
    const result = await storeWithRow(storage, input.file, async (storedName) => {
      const id = await insertResult(db, {
        filename: input.file.originalName,
        storedName,
        section: input.section,
        internal: input.internal,
        size: input.file.size,
        createdAt: toClubDateTime(clock.now()),
      });
      return findResult(db, id, storage.urlOf);
    });
    ctx.services.publicCache.invalidate(RESULTS_CACHE_AREA);
    await ctx.log(`Ergebnis ${quoted(result.filename)} (${sectionName(result.section)}, ${result.internal ? 'intern' : 'extern'}) angelegt`);
    return { message: 'Ergebnis angelegt', data: result };
  }),

  delete: canIn('dashboard_delete', idInput, (input, ctx) => sectionOfResult(ctx.services.db, input.id))
    .mutation(async ({ ctx, input }) => {
      const { db, storage } = ctx.services;
      const row = await findResultRow(db, input.id);
      await deleteWithFiles(storage, [row.stored_name], () => deleteRowById(db, 'results', input.id), (message) => ctx.log(message));
      ctx.services.publicCache.invalidate(RESULTS_CACHE_AREA);
      await ctx.log(`Ergebnis ${quoted(row.filename)} gelöscht`);
      return { message: 'Ergebnis gelöscht', data: { id: row.id } };
    }),
});
