import { z } from 'zod';
import { toClubDateTime } from '../../../shared/dates.ts';
import { quoted } from '../../../shared/logNames.ts';
import { sponsorFields, sponsorFieldsInput, UPLOAD_MESSAGES } from '../../../shared/schemas/files.ts';
import { idInput } from '../../../shared/schemas/groups.ts';
import { receivedFile } from '../../storage/schema.ts';
import { deleteRowById } from '../../db/rows.ts';
import { deleteWithFiles, storeWithRow } from '../../storage/storage.ts';
import { can, canFor, router, sharedReadProcedure } from '../../trpc/index.ts';
import { CONTENT_SECTION } from '../../../shared/sectionRights.ts';
import { findSponsor, findSponsorRow, insertSponsor, listSponsors } from './queries.ts';

/** The logo comes through POST /api/sponsors only (multipart name, url, logo); see rest.ts. */
export const sponsorCreateInput = z.object({ ...sponsorFields, logo: receivedFile('logo', UPLOAD_MESSAGES.missingLogo) });

/** The PublicCache area of the sponsors; every create and delete drops it. */
export const SPONSORS_CACHE_AREA = 'sponsors';

export const sponsorsRouter = router({
  publicList: sharedReadProcedure.query(({ ctx }) =>
    ctx.services.publicCache.read(SPONSORS_CACHE_AREA, 'list', () => listSponsors(ctx.services.db, ctx.services.storage.urlOf)),
  ),

  list: can('dashboard_view').query(({ ctx }) => listSponsors(ctx.services.db, ctx.services.storage.urlOf)),

  /** The fields sent so far (a form may send the logo first): refuses before the logo is stored. */
  checkUpload: canFor('dashboard_create', CONTENT_SECTION.sponsors)
    .input(sponsorFieldsInput.partial())
    .query(() => ({ allowed: true })),

  create: canFor('dashboard_create', CONTENT_SECTION.sponsors)
    .input(sponsorCreateInput)
    .mutation(async ({ ctx, input }) => {
      const { db, storage, clock } = ctx.services;
      const sponsor = await storeWithRow(storage, input.logo, async (storedName) => {
        const id = await insertSponsor(db, {
          name: input.name,
          url: input.url,
          logoStoredName: storedName,
          logoMime: input.logo.type.mime,
          createdAt: toClubDateTime(clock.now()),
        });
        return findSponsor(db, id, storage.urlOf);
      });
      ctx.services.publicCache.invalidate(SPONSORS_CACHE_AREA);
      await ctx.log(`Sponsor ${quoted(sponsor.name)} angelegt`);
      return { message: 'Sponsor angelegt', data: sponsor };
    }),

  delete: canFor('dashboard_delete', CONTENT_SECTION.sponsors)
    .input(idInput)
    .mutation(async ({ ctx, input }) => {
      const { db, storage } = ctx.services;
      const row = await findSponsorRow(db, input.id);
      await deleteWithFiles(storage, [row.logo_stored_name], () => deleteRowById(db, 'sponsors', input.id), (message) => ctx.log(message));
      ctx.services.publicCache.invalidate(SPONSORS_CACHE_AREA);
      await ctx.log(`Sponsor ${quoted(row.name)} gelöscht`);
      return { message: 'Sponsor gelöscht', data: { id: row.id } };
    }),
});
