import { CONTACT_ADDRESS_FIELDS, differingFieldLabels } from '../../../shared/clubData.ts';
import { differingAboutCaptions } from '../../../shared/aboutSlides.ts';
import { differingCourseFacts } from '../../../shared/courseFacts.ts';
import { differingHomeTexts } from '../../../shared/homeTexts.ts';
import { differingRangeFacts } from '../../../shared/rangeFacts.ts';
import { CONTACT_RECIPIENTS } from '../../../shared/constants.ts';
import { toClubDateTime } from '../../../shared/dates.ts';
import { CLUB_DATA_MESSAGES, clubDataInput } from '../../../shared/schemas/clubData.ts';
import { CONTACT_RECIPIENT_LABELS } from '../../../shared/schemas/contact.ts';
import { aboutCaptionsInput } from '../../../shared/schemas/aboutSlides.ts';
import { courseFactsInput } from '../../../shared/schemas/courseFacts.ts';
import { homeTextsInput } from '../../../shared/schemas/homeTexts.ts';
import { rangeFactsInput } from '../../../shared/schemas/rangeFacts.ts';
import { AppError } from '../../errors.ts';
import { mailboxOf } from '../../mail/outbox.ts';
import { can, canFor, router, sharedReadProcedure } from '../../trpc/index.ts';
import { CONTENT_SECTION } from '../../../shared/sectionRights.ts';
import { CALENDAR_CACHE_AREA } from '../calendar/cache-area.ts';
import { loadSetupFacts, setupChecklist } from './checklist.ts';
import { readAboutCaptions, writeAboutCaptions } from './about.ts';
import { CLUB_CACHE_AREA, aboutCaptions, clubProfile, clubTexts, courseFacts, homeTexts, rangeFacts } from './cache.ts';
import { readHomeTexts, writeHomeTexts } from './home.ts';
import { readCourseFacts, writeCourseFacts } from './facts.ts';
import { readRangeFacts, writeRangeFacts } from './range.ts';
import { clubPictureProcedures } from './pictures-router.ts';
import { readClubData, saveClubData } from './queries.ts';

export const CLUB_MESSAGES = {
  saved: 'Vereinsdaten gespeichert',
  courseSaved: 'Fakten und Preise des Bogenparcours gespeichert',
  rangeSaved: 'Fakten des Luftdruckstands gespeichert',
  homeSaved: 'Texte der Startseite gespeichert',
  aboutSaved: 'Bildunterschriften gespeichert',
} as const;

export const clubRouter = router({
  /** Name, address, contacts, social links, course, and which contact recipients have an address (DESIGN §8). */
  profile: sharedReadProcedure.query(({ ctx }) => clubProfile(ctx.services)),

  /** The texts of the About, Impressum and Datenschutz pages. */
  texts: sharedReadProcedure.query(({ ctx }) => clubTexts(ctx.services)),

  // The back office reads the database itself: an editor must see what was just saved.
  data: can('dashboard_view').query(({ ctx }) => readClubData(ctx.services.db)),

  update: canFor('dashboard_update', CONTENT_SECTION.clubData)
    .input(clubDataInput)
    .mutation(async ({ ctx, input }) => {
      // The outbox's own parser has the last word on a recipient's address (one mailbox, no list).
      for (const recipient of CONTACT_RECIPIENTS) {
        const field = CONTACT_ADDRESS_FIELDS[recipient];
        if (input[field] !== '' && mailboxOf(input[field]) === undefined) {
          throw AppError.field(field, CLUB_DATA_MESSAGES.mailbox(CONTACT_RECIPIENT_LABELS[recipient]));
        }
      }
      const { db, publicCache, clock } = ctx.services;
      const { before, data } = await db.transaction().execute(async (trx) => {
        const previous = await readClubData(trx);
        await saveClubData(trx, input, toClubDateTime(clock.now()));
        return { before: previous, data: await readClubData(trx) };
      });
      publicCache.invalidate(CLUB_CACHE_AREA);
      // The calendar feed carries the club's name.
      publicCache.invalidate(CALENDAR_CACHE_AREA);
      // The fields' labels, never the values: addresses and texts are long.
      const changed = differingFieldLabels(before, data);
      await ctx.log(changed.length > 0 ? `Vereinsdaten geändert: ${changed.join(', ')}` : 'Vereinsdaten gespeichert (unverändert)');
      return { message: CLUB_MESSAGES.saved, data };
    }),

  /** The 3D course's facts, price tables, rules and opening rule, as the course page shows them (issue 26.1). */
  course: sharedReadProcedure.query(({ ctx }) => courseFacts(ctx.services)),

  /** The same for the back office, from the database itself (an editor must see what was just saved). */
  courseFacts: can('dashboard_view').query(({ ctx }) => readCourseFacts(ctx.services.db)),

  updateCourseFacts: canFor('dashboard_update', CONTENT_SECTION.courseFacts)
    .input(courseFactsInput)
    .mutation(async ({ ctx, input }) => {
      const { db, publicCache, clock } = ctx.services;
      const { before, data } = await db.transaction().execute(async (trx) => {
        const previous = await readCourseFacts(trx);
        await writeCourseFacts(trx, input, toClubDateTime(clock.now()));
        return { before: previous, data: await readCourseFacts(trx) };
      });
      // The course page (and every kept page) shows them at once.
      publicCache.invalidate(CLUB_CACHE_AREA);
      // The parts' names, never the values: rules are long.
      const changed = differingCourseFacts(before, data);
      await ctx.log(changed.length > 0 ? `Bogenparcours geändert: ${changed.join(', ')}` : 'Bogenparcours gespeichert (unverändert)');
      return { message: CLUB_MESSAGES.courseSaved, data };
    }),

  /** The air gun range's lanes and minimum age, as /zeiten-lg-lp states them (issue 26.1). */
  range: sharedReadProcedure.query(({ ctx }) => rangeFacts(ctx.services)),

  /** The same for the back office, from the database itself. */
  rangeFacts: can('dashboard_view').query(({ ctx }) => readRangeFacts(ctx.services.db)),

  updateRangeFacts: canFor('dashboard_update', CONTENT_SECTION.rangeFacts)
    .input(rangeFactsInput)
    .mutation(async ({ ctx, input }) => {
      const { db, publicCache, clock } = ctx.services;
      const { before, data } = await db.transaction().execute(async (trx) => {
        const previous = await readRangeFacts(trx);
        await writeRangeFacts(trx, input, toClubDateTime(clock.now()));
        return { before: previous, data: await readRangeFacts(trx) };
      });
      publicCache.invalidate(CLUB_CACHE_AREA);
      const changed = differingRangeFacts(before, data);
      await ctx.log(changed.length > 0 ? `Luftdruckstand geändert: ${changed.join(', ')}` : 'Luftdruckstand gespeichert (unverändert)');
      return { message: CLUB_MESSAGES.rangeSaved, data };
    }),

  /** The home page's greeting, welcome text and cards (issue 26.1). */
  home: sharedReadProcedure.query(({ ctx }) => homeTexts(ctx.services)),

  /** The same for the back office, from the database itself. */
  homeTexts: can('dashboard_view').query(({ ctx }) => readHomeTexts(ctx.services.db)),

  updateHomeTexts: canFor('dashboard_update', CONTENT_SECTION.homeTexts)
    .input(homeTextsInput)
    .mutation(async ({ ctx, input }) => {
      const { db, publicCache, clock } = ctx.services;
      const { before, data } = await db.transaction().execute(async (trx) => {
        const previous = await readHomeTexts(trx);
        await writeHomeTexts(trx, input, toClubDateTime(clock.now()));
        return { before: previous, data: await readHomeTexts(trx) };
      });
      publicCache.invalidate(CLUB_CACHE_AREA);
      const changed = differingHomeTexts(before, data);
      await ctx.log(changed.length > 0 ? `Startseite geändert: ${changed.join(', ')}` : 'Startseite gespeichert (unverändert)');
      return { message: CLUB_MESSAGES.homeSaved, data };
    }),

  /** The titles and captions of the About carousel's drawings (issue 26.1). */
  about: sharedReadProcedure.query(({ ctx }) => aboutCaptions(ctx.services)),

  /** The same for the back office, from the database itself. */
  aboutCaptions: can('dashboard_view').query(async ({ ctx }) => ({ captions: await readAboutCaptions(ctx.services.db) })),

  updateAboutCaptions: canFor('dashboard_update', CONTENT_SECTION.aboutCaptions)
    .input(aboutCaptionsInput)
    .mutation(async ({ ctx, input }) => {
      const { db, publicCache } = ctx.services;
      const { before, after } = await db.transaction().execute(async (trx) => {
        const previous = await readAboutCaptions(trx);
        await writeAboutCaptions(trx, input.captions);
        return { before: previous, after: await readAboutCaptions(trx) };
      });
      publicCache.invalidate(CLUB_CACHE_AREA);
      const changed = differingAboutCaptions(before, after);
      await ctx.log(changed.length > 0 ? `Bildunterschriften (Über uns) geändert: ${changed.join(', ')}` : 'Bildunterschriften (Über uns) gespeichert (unverändert)');
      return { message: CLUB_MESSAGES.aboutSaved, data: { captions: after } };
    }),

  // The logo and the home picture (issue 26.3).
  ...clubPictureProcedures,

  /** What a fresh installation has not set up yet (dashboard, members with dashboard_update). */
  checklist: can('dashboard_update').query(async ({ ctx }) => setupChecklist(await loadSetupFacts(ctx.services))),
});
