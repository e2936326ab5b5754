import { categoriesText, courseBookCategories, PAYMENT_LABELS, remittanceOf, type CourseBookCategory, type PaymentWay } from '../../../shared/courseBook.ts';
import { formatEuro } from '../../../shared/courseFacts.ts';
import { toCsv } from '../../../shared/csv.ts';
import { formatGermanDate } from '../../../shared/dates.ts';
import { girocodePayload } from '../../../shared/girocode.ts';
import { COURSE_BOOK_MESSAGES, checkInInput, courseBookGroupInput, courseBookMonthInput, ticketTokenInput } from '../../../shared/schemas/courseBook.ts';
import { AppError } from '../../errors.ts';
import { isLinkToken, linkTokenHash, newLinkToken } from '../../http/link-token.ts';
import { withinNetworkLimit, type NetworkLimit } from '../../http/network-limit.ts';
import { networkOf } from '../../http/network.ts';
import type { AppServices } from '../../services.ts';
import { can, publicProcedure, router, sharedReadProcedure } from '../../trpc/index.ts';
import { CLUB_CACHE_AREA, clubProfile, courseFacts } from '../club/cache.ts';
import { readClubData } from '../club/queries.ts';
import { clubToday } from '../parcours/queries.ts';
import { publicCourseState } from '../parcours/router.ts';
import { checkOutGroup, findGroup, findGroupByTokenHash, insertGroup, annualPassOf, listGroups, markGroupPaid, newTicketCode, type CourseBookGroup } from './queries.ts';
import { assertCourseOpen, closingTimeOf } from './rules.ts';

/** Check-ins per network within the window (README „Parcoursbuch“): a busy Sunday's groups on one mobile network, not a flood. */
export const CHECK_IN_LIMIT = { kind: 'course-check-in', perNetwork: 30, windowMs: 60 * 60_000 } as const satisfies NetworkLimit;

const TOKEN_PURPOSE = 'course-ticket';

export const COURSE_BOOK_RESPONSES = {
  checkedIn: 'Willkommen auf dem Parcours! Das ist euer Ticket.',
  checkedOut: 'Danke für euren Besuch! Ihr seid abgemeldet.',
  alreadyOut: 'Ihr seid schon abgemeldet.',
  groupCheckedOut: 'Gruppe abgemeldet',
  paid: 'Zahlung als erhalten vermerkt',
} as const;

/** From this many minutes before closing, a group still out is marked on the warden's list. */
export const LATE_MINUTES = 60;

/**
 * What the check-in form shows, the same for every visitor: the categories and prices of
 * the day-ticket table, the rules, how long names are kept and whether a transfer is
 * offered (never the IBAN itself: it is on ticket pages only).
 */
function courseBookForm(services: Pick<AppServices, 'db' | 'publicCache'>) {
  return services.publicCache.read(CLUB_CACHE_AREA, 'course-book-form', async () => {
    const [facts, club] = await Promise.all([courseFacts(services), readClubData(services.db)]);
    return {
      categories: courseBookCategories(facts.dayPrices),
      rules: facts.rules,
      retentionMonths: club.courseBookRetentionMonths,
      transferOffered: club.iban !== '',
    };
  });
}

/** The ticket page's data: the group, the price, today's closing time and the payment, with the GiroCode's payload for a transfer. */
async function ticketView(services: AppServices, group: CourseBookGroup) {
  const [club, facts, profile] = await Promise.all([readClubData(services.db), courseFacts(services), clubProfile(services)]);
  const transfer =
    group.payment === 'transfer' && club.iban !== '' && group.amountCents > 0
      ? {
          accountHolder: club.accountHolder || club.name,
          iban: club.iban,
          bic: club.bic,
          remittance: remittanceOf(group.ticketCode),
          girocode: girocodePayload({ name: club.accountHolder || club.name, iban: club.iban, bic: club.bic, amountCents: group.amountCents, remittance: remittanceOf(group.ticketCode) }),
        }
      : null;
  const closing = group.day === clubToday(services.clock.now()).today ? closingTimeOf(services.clock.now(), profile.course, facts) : null;
  return {
    ticketCode: group.ticketCode,
    day: group.day,
    checkedInAt: group.checkedInAt,
    checkedOutAt: group.checkedOutAt,
    shooters: group.shooters.map((shooter) => ({ name: shooter.name, category: shooter.category, priceCents: shooter.priceCents, member: shooter.memberNumber !== '' })),
    amountCents: group.amountCents,
    payment: group.payment,
    paid: group.paidAt !== null,
    closingTime: closing,
    transfer,
  };
}

async function groupByToken(services: AppServices, token: string): Promise<CourseBookGroup> {
  const group = isLinkToken(token) ? await findGroupByTokenHash(services.db, linkTokenHash(TOKEN_PURPOSE, token)) : undefined;
  if (!group) throw new AppError('NOT_FOUND', COURSE_BOOK_MESSAGES.ticketNotFound);
  return group;
}

/** The shooters' categories and prices from the table; members with an annual pass pay nothing. */
async function priceShooters(services: AppServices, categories: readonly CourseBookCategory[], input: (typeof checkInInput)['_output']) {
  // Annual passes run from 1 January to 31 December, club time.
  const clubYear = Number(clubToday(services.clock.now()).today.slice(0, 4));
  const shooters = [];
  for (const [index, shooter] of input.shooters.entries()) {
    const category = categories[shooter.category];
    if (!category) throw AppError.field(`shooters.${index}.category`, COURSE_BOOK_MESSAGES.category);
    if (shooter.memberNumber !== '') {
      const pass = await annualPassOf(services.db, shooter.memberNumber, clubYear);
      if (pass === 'notMember') throw AppError.field(`shooters.${index}.memberNumber`, COURSE_BOOK_MESSAGES.notMember(shooter.memberNumber));
      if (pass === 'noPass') throw AppError.field(`shooters.${index}.memberNumber`, COURSE_BOOK_MESSAGES.noPass(shooter.memberNumber, clubYear));
    }
    shooters.push({ name: shooter.name, category: category.label, young: category.young, priceCents: shooter.memberNumber === '' ? category.priceCents : 0, memberNumber: shooter.memberNumber });
  }
  if (shooters.some((shooter) => shooter.young)) {
    if (!shooters.some((shooter) => !shooter.young)) throw AppError.field('shooters', COURSE_BOOK_MESSAGES.noAdult);
    if (!input.childrenConfirmed) throw AppError.field('childrenConfirmed', COURSE_BOOK_MESSAGES.children);
  }
  return shooters;
}

/** The warden's view of a group: everything but the ticket's address. */
function wardenView(group: CourseBookGroup) {
  return { ...group, amount: formatEuro(group.amountCents / 100) };
}

/**
 * The course book at the 3D course's entrance (issue 30.2–30.4): visitors check in
 * (`checkIn`), read their ticket and check out by the ticket's long random address; the
 * back office (permission area `parcours`) watches today's groups, checks one out by hand,
 * marks a payment received and gives the treasurer a month as CSV.
 */
export const courseBookRouter = router({
  /** The check-in form's data (public, from the answer cache). */
  form: sharedReadProcedure.query(({ ctx }) => courseBookForm(ctx.services)),

  /**
   * A group checks in: refused while the course is closed or outside today's hours, priced
   * from the day-ticket table, limited per network. The answer's token is the ticket's
   * address; only its hash is stored.
   */
  checkIn: publicProcedure.input(checkInInput).mutation(async ({ ctx, input }) => {
    const { services } = ctx;
    const now = services.clock.now();
    const [facts, profile, state, form] = await Promise.all([courseFacts(services), clubProfile(services), publicCourseState(services), courseBookForm(services)]);
    assertCourseOpen(now, profile.course, facts, state);
    if (input.payment === 'transfer' && !form.transferOffered) throw AppError.field('payment', COURSE_BOOK_MESSAGES.noTransfer);
    const shooters = await priceShooters(services, form.categories, input);
    const token = newLinkToken();
    const ticketCode = newTicketCode();
    const { today, stamp } = clubToday(now);
    if (input.homepage !== undefined && input.homepage.trim() !== '') {
      // A program filled the field people never see: it gets an answer, nothing is stored.
      services.logger.info({ address: ctx.request.address }, 'course book: honeypot filled, check-in dropped');
      return { message: COURSE_BOOK_RESPONSES.checkedIn, data: { token, ticketCode } };
    }
    const amountCents = shooters.reduce((total, shooter) => total + shooter.priceCents, 0);
    const outcome = await withinNetworkLimit(services, CHECK_IN_LIMIT, networkOf(ctx.request.address), now, (trx) =>
      insertGroup(trx, {
        tokenHash: linkTokenHash(TOKEN_PURPOSE, token),
        ticketCode,
        day: today,
        checkedInAt: stamp,
        phone: input.phone,
        payment: input.payment,
        amountCents,
        categories: categoriesText(shooters.map((shooter) => (shooter.memberNumber === '' ? shooter.category : `${shooter.category} (Jahreskarte)`))),
        shooters,
      }),
    );
    if (!outcome.admitted) throw new AppError('TOO_MANY_REQUESTS', COURSE_BOOK_MESSAGES.tooMany);
    await ctx.log(`Parcoursbuch: Gruppe ${ticketCode} angemeldet (${shooters.length} ${shooters.length === 1 ? 'Person' : 'Personen'})`);
    return { message: COURSE_BOOK_RESPONSES.checkedIn, data: { token, ticketCode } };
  }),

  /** The ticket page's data, by its long random address only. */
  ticket: publicProcedure.input(ticketTokenInput).query(async ({ ctx, input }) => ticketView(ctx.services, await groupByToken(ctx.services, input.token))),

  /** 'Parcours verlassen' on the ticket page. */
  checkOut: publicProcedure.input(ticketTokenInput).mutation(async ({ ctx, input }) => {
    const group = await groupByToken(ctx.services, input.token);
    const changed = await checkOutGroup(ctx.services.db, group.id, clubToday(ctx.services.clock.now()).stamp, 'visitor');
    if (changed) await ctx.log(`Parcoursbuch: Gruppe ${group.ticketCode} hat den Parcours verlassen`);
    return { message: changed ? COURSE_BOOK_RESPONSES.checkedOut : COURSE_BOOK_RESPONSES.alreadyOut };
  }),

  /** Today's groups for the member on duty: who is out (with phone, since when), who left, counts and expected income. */
  today: can('parcours_view').query(async ({ ctx }) => {
    const { services } = ctx;
    const now = services.clock.now();
    const { today, stamp } = clubToday(now);
    const [groups, facts, profile] = await Promise.all([listGroups(services.db, today, today), courseFacts(services), clubProfile(services)]);
    const closingTime = closingTimeOf(now, profile.course, facts);
    const minute = Number(stamp.slice(11, 13)) * 60 + Number(stamp.slice(14, 16));
    const lateFrom = closingTime === null ? null : Number(closingTime.slice(0, 2)) * 60 + Number(closingTime.slice(3, 5)) - LATE_MINUTES;
    const late = lateFrom !== null && minute >= lateFrom;
    const counts = new Map<string, number>();
    const income: Record<PaymentWay, number> = { cash: 0, transfer: 0 };
    for (const group of groups) {
      for (const shooter of group.shooters) counts.set(shooter.category, (counts.get(shooter.category) ?? 0) + 1);
      income[group.payment] += group.amountCents;
    }
    return {
      today,
      closingTime,
      late,
      out: groups.filter((group) => group.checkedOutAt === null).map((group) => ({ ...wardenView(group), late })),
      left: groups.filter((group) => group.checkedOutAt !== null).map(wardenView),
      counts: [...counts].map(([category, count]) => ({ category, count })),
      incomeCents: income,
    };
  }),

  /** A member checks a group out by hand (it left without the ticket page, say). */
  checkOutGroup: can('parcours_update')
    .input(courseBookGroupInput)
    .mutation(async ({ ctx, input }) => {
      const group = await findGroup(ctx.services.db, input.id);
      if (!group) throw new AppError('NOT_FOUND', COURSE_BOOK_MESSAGES.groupNotFound);
      if (await checkOutGroup(ctx.services.db, input.id, clubToday(ctx.services.clock.now()).stamp, 'member')) {
        await ctx.log(`Parcoursbuch: Gruppe ${group.ticketCode} von Hand abgemeldet`);
      }
      return { message: COURSE_BOOK_RESPONSES.groupCheckedOut };
    }),

  /** A member marks a group's payment received (the envelope counted, the transfer arrived). */
  markPaid: can('parcours_update')
    .input(courseBookGroupInput)
    .mutation(async ({ ctx, input }) => {
      const group = await findGroup(ctx.services.db, input.id);
      if (!group) throw new AppError('NOT_FOUND', COURSE_BOOK_MESSAGES.groupNotFound);
      if (await markGroupPaid(ctx.services.db, input.id, clubToday(ctx.services.clock.now()).stamp)) {
        await ctx.log(`Parcoursbuch: Zahlung der Gruppe ${group.ticketCode} erhalten (${formatEuro(group.amountCents / 100)}, ${PAYMENT_LABELS[group.payment]})`);
      }
      return { message: COURSE_BOOK_RESPONSES.paid };
    }),

  /** The treasurer's month (CSV through the one writer): date, ticket code, categories, amount, payment way, received. */
  monthCsv: can('parcours_view')
    .input(courseBookMonthInput)
    .query(async ({ ctx, input }) => {
      const groups = await listGroups(ctx.services.db, `${input.month}-01`, `${input.month}-31`);
      const csv = toCsv(
        ['Datum', 'Ticket', 'Kategorien', 'Betrag', 'Zahlungsweg', 'Erhalten'],
        groups.map((group) => [
          formatGermanDate(group.day),
          group.ticketCode,
          group.categories,
          (group.amountCents / 100).toFixed(2).replace('.', ','),
          PAYMENT_LABELS[group.payment],
          group.paidAt === null ? '' : formatGermanDate(group.paidAt.slice(0, 10)),
        ]),
      );
      return { filename: `parcoursbuch-${input.month}.csv`, csv };
    }),
});
