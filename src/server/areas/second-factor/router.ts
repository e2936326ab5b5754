import { toClubDateTime } from '../../../shared/dates.ts';
import { idInput } from '../../../shared/schemas/groups.ts';
import {
  APP_PASSWORDS_MAX,
  appPasswordCreateInput,
  secondFactorConfirmInput,
  currentPasswordInput,
} from '../../../shared/schemas/secondFactor.ts';
import type { Db } from '../../db/connection.ts';
import { AppError, Refusal } from '../../errors.ts';
import type { Context } from '../../trpc/context.ts';
import { accountProcedure, authedProcedure, router } from '../../trpc/index.ts';
import { appPasswordHash, listAppPasswords, newAppPassword, type AppPasswordRecord } from '../auth/app-passwords.ts';
import { confirmCurrentPassword } from '../auth/authenticate.ts';
import type { Principal } from '../auth/principal.ts';
import {
  countRecoveryCodes,
  findSecondFactor,
  newTotpSecret,
  otpauthUri,
  removeSecondFactor,
  replaceRecoveryCodes,
  secondFactorRequired,
  totpStepOf,
} from '../auth/second-factor.ts';
import { queueSecurityNoticeFor, type SecurityEvent } from '../auth/security-notices.ts';
import { deleteOtherSessions } from '../auth/sessions.ts';
import { clubProfile } from '../club/cache.ts';

type AuthedContext = Context & { user: Principal };

export const SECOND_FACTOR_ALREADY_ON = 'Der zweite Faktor ist bereits eingeschaltet.';
export const SECOND_FACTOR_NOT_ON = 'Der zweite Faktor ist nicht eingeschaltet.';
export const SETUP_NOT_STARTED = 'Die Einrichtung wurde nicht begonnen oder ist abgelaufen. Bitte beginne sie erneut.';
export const WRONG_SETUP_CODE = 'Der Code stimmt nicht. Prüfe, ob die Uhrzeit deines Telefons stimmt, und gib den aktuellen Code ein.';
export const SECOND_FACTOR_REQUIRED_BY_GROUP = 'Deine Gruppe verlangt einen zweiten Faktor; du kannst ihn nicht ausschalten.';
export const APP_PASSWORD_NOT_FOUND = 'Das App-Passwort wurde nicht gefunden.';
export const APP_PASSWORDS_FULL = `Du kannst höchstens ${APP_PASSWORDS_MAX} App-Passwörter haben. Bitte widerrufe zuerst eines, das du nicht mehr brauchst.`;

/**
 * What only the member may do with their account (switch the second factor on or off,
 * create an app password) needs their current password when the request came with the
 * session cookie: a stolen or forgotten open session must not be enough. A request with
 * Basic authentication has just proven it with its header.
 */
async function proveOwnPassword(ctx: AuthedContext, password: string | undefined): Promise<void> {
  if (ctx.sessionId === null) return;
  await confirmCurrentPassword(ctx.services, ctx.user, password, ctx.request);
}

/** Tells the member of a change to how they log in, inside its transaction (security-notices.ts). */
function noticeOf(ctx: AuthedContext, trx: Db, event: SecurityEvent): Promise<boolean> {
  return queueSecurityNoticeFor(trx, ctx.services, ctx.user.id, [event], { address: ctx.request.address });
}

async function statusOf(db: Db, userId: number) {
  const [factor, required, left] = await Promise.all([findSecondFactor(db, userId), secondFactorRequired(db, userId), countRecoveryCodes(db, userId)]);
  return { enabled: factor?.confirmed ?? false, required, recovery_codes_left: factor?.confirmed ? left : 0 };
}

/** The member's own second factor on Meine Daten (README „Zweiter Faktor und App-Passwörter“). */
export const secondFactorRouter = router({
  /** Whether it is on, whether a group requires it, and how many recovery codes are left. */
  status: authedProcedure.meta({ beforeSecondFactor: true }).query(({ ctx }) => statusOf(ctx.services.db, ctx.user.id)),

  /**
   * Starts the setup: a new key, kept on the server until a first code confirms it. The
   * browser draws it as a QR code (otpauth:// address) and shows it as text to type.
   */
  begin: accountProcedure.meta({ beforeSecondFactor: true }).mutation(async ({ ctx }) => {
    const { db, clock } = ctx.services;
    // The issuer the authenticator app shows: the club's name as saved in the back office.
    const issuer = (await clubProfile(ctx.services)).name;
    const secret = newTotpSecret();
    await db.transaction().execute(async (trx) => {
      const current = await findSecondFactor(trx, ctx.user.id);
      if (current?.confirmed) throw new AppError('CONFLICT', SECOND_FACTOR_ALREADY_ON);
      await trx.deleteFrom('second_factors').where('user_id', '=', ctx.user.id).execute();
      await trx.insertInto('second_factors').values({ user_id: ctx.user.id, secret, created_ms: clock.now().getTime(), confirmed_ms: null }).execute();
    });
    return { data: { secret, uri: otpauthUri(secret, issuer, ctx.user.uid) } };
  }),

  /**
   * Confirms the setup with the first code of the app (and, from a browser, the current
   * password): the second factor is on, ten recovery codes are made and answered once,
   * the member's other sessions end and remembered Basic credentials are forgotten.
   */
  confirm: accountProcedure
    .meta({ beforeSecondFactor: true })
    .input(secondFactorConfirmInput)
    .mutation(async ({ ctx, input }) => {
      const { db, clock } = ctx.services;
      await proveOwnPassword(ctx, input.current_password);
      const userId = ctx.user.id;
      const codes = await db.transaction().execute(async (trx) => {
        const factor = await findSecondFactor(trx, userId);
        if (factor?.confirmed) throw new AppError('CONFLICT', SECOND_FACTOR_ALREADY_ON);
        if (!factor) throw AppError.field('code', SETUP_NOT_STARTED);
        const nowMs = clock.now().getTime();
        const step = totpStepOf(factor.secret, input.code, nowMs);
        if (step === null) throw AppError.field('code', WRONG_SETUP_CODE);
        const confirmed = await trx
          .updateTable('second_factors')
          .set({ confirmed_ms: nowMs, last_step: step })
          .where('user_id', '=', userId)
          .where('confirmed_ms', 'is', null)
          .where('secret', '=', factor.secret)
          .executeTakeFirst();
        // Another setup began or ended meanwhile.
        if (Number(confirmed.numUpdatedRows) === 0) throw AppError.field('code', SETUP_NOT_STARTED);
        await deleteOtherSessions(trx, userId, ctx.sessionId);
        await noticeOf(ctx, trx, { kind: 'secondFactorOn' });
        return replaceRecoveryCodes(trx, userId);
      });
      // Basic authentication with the account password ends now, not when the cache forgets it.
      ctx.services.credentials.forgetUser(userId);
      ctx.services.mail.wake();
      await ctx.log('Zweiten Faktor eingeschaltet');
      return { message: 'Der zweite Faktor ist eingeschaltet.', data: { recovery_codes: codes } };
    }),

  /** Ten new recovery codes (current password), answered once; the old ones stop working. */
  newRecoveryCodes: accountProcedure.input(currentPasswordInput).mutation(async ({ ctx, input }) => {
    const { db } = ctx.services;
    await proveOwnPassword(ctx, input.current_password);
    const codes = await db.transaction().execute(async (trx) => {
      if (!(await findSecondFactor(trx, ctx.user.id))?.confirmed) throw new AppError('CONFLICT', SECOND_FACTOR_NOT_ON);
      await noticeOf(ctx, trx, { kind: 'recoveryCodes' });
      return replaceRecoveryCodes(trx, ctx.user.id);
    });
    ctx.services.mail.wake();
    await ctx.log('Neue Wiederherstellungscodes erzeugt');
    return { message: 'Neue Wiederherstellungscodes erzeugt; die bisherigen gelten nicht mehr.', data: { recovery_codes: codes } };
  }),

  /** The member switches their own second factor off (current password), unless a group requires it. */
  disable: accountProcedure.input(currentPasswordInput).mutation(async ({ ctx, input }) => {
    const { db } = ctx.services;
    if (await secondFactorRequired(db, ctx.user.id)) {
      throw new Refusal('eigenen zweiten Faktor ausschalten (von der Gruppe verlangt)', SECOND_FACTOR_REQUIRED_BY_GROUP);
    }
    await proveOwnPassword(ctx, input.current_password);
    const removed = await db.transaction().execute(async (trx) => {
      if (!(await removeSecondFactor(trx, ctx.user.id))) return false;
      await noticeOf(ctx, trx, { kind: 'secondFactorOff', by: 'self' });
      return true;
    });
    if (!removed) throw new AppError('CONFLICT', SECOND_FACTOR_NOT_ON);
    ctx.services.credentials.forgetUser(ctx.user.id);
    ctx.services.mail.wake();
    await ctx.log('Eigenen zweiten Faktor ausgeschaltet');
    return { message: 'Der zweite Faktor ist ausgeschaltet.', data: await statusOf(db, ctx.user.id) };
  }),
});

/** App passwords for programs with Basic authentication: each member their own. */
export const appPasswordsRouter = router({
  list: accountProcedure.query(({ ctx }) => listAppPasswords(ctx.services.db, ctx.user.id)),

  /** A new app password, answered in plain text this once; only its hash is stored. */
  create: accountProcedure
    .input(appPasswordCreateInput.extend(currentPasswordInput.shape))
    .mutation(async ({ ctx, input }) => {
      const { db, clock } = ctx.services;
      await proveOwnPassword(ctx, input.current_password);
      const password = newAppPassword();
      const createdMs = clock.now().getTime();
      const id = await db.transaction().execute(async (trx) => {
        const held = await listAppPasswords(trx, ctx.user.id);
        if (held.length >= APP_PASSWORDS_MAX) throw new AppError('CONFLICT', APP_PASSWORDS_FULL);
        const inserted = await trx
          .insertInto('app_passwords')
          .values({ user_id: ctx.user.id, name: input.name, secret_hash: appPasswordHash(password), created_ms: createdMs, last_used_ms: null })
          .executeTakeFirstOrThrow();
        await noticeOf(ctx, trx, { kind: 'appPassword', name: input.name });
        return Number(inserted.insertId);
      });
      ctx.services.mail.wake();
      const record: AppPasswordRecord = { id, name: input.name, created_at: toClubDateTime(new Date(createdMs)), last_used_at: null };
      await ctx.log(`App-Passwort ${id} „${record.name}“ angelegt`);
      return { message: 'App-Passwort angelegt', data: record, password };
    }),

  /** Revoked at once: a program using it is refused from its next request on. */
  revoke: accountProcedure.input(idInput).mutation(async ({ ctx, input }) => {
    const { db } = ctx.services;
    const row = await db
      .selectFrom('app_passwords')
      .select(['id', 'name'])
      .where('id', '=', input.id)
      .where('user_id', '=', ctx.user.id)
      .executeTakeFirst();
    // Someone else's reads like a missing one.
    if (!row) throw new AppError('NOT_FOUND', APP_PASSWORD_NOT_FOUND);
    await db.deleteFrom('app_passwords').where('id', '=', row.id).where('user_id', '=', ctx.user.id).execute();
    ctx.services.credentials.forgetUser(ctx.user.id);
    await ctx.log(`App-Passwort ${row.id} „${row.name}“ widerrufen`);
    return { message: 'App-Passwort widerrufen', data: { id: row.id } };
  }),
});
