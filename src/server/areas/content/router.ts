import { infoTextName, noticeName } from '../../../shared/logNames.ts';
import { alertIdentifierInput, alertUpdateInput, infoIdentifierInput, infoUpdateInput, type AlertEntry, type InfoEntry } from '../../../shared/schemas/content.ts';
import { AppError } from '../../errors.ts';
import type { Context } from '../../trpc/context.ts';
import { can, canIn, router, sharedReadProcedure } from '../../trpc/index.ts';
import { sectionOfAlert, sectionOfInfoText } from '../../../shared/sectionRights.ts';
import {
  findAlert,
  findInfoText,
  isAlertIdentifier,
  isInfoIdentifier,
  listAlerts,
  listInfoTexts,
  publicAlert,
  saveAlert,
  saveInfoText,
} from './queries.ts';

/** The PublicCache area of info texts and section alerts; every write below drops it. */
export const CONTENT_CACHE_AREA = 'content';

export const CONTENT_MESSAGES = {
  unknownInfo: 'Diesen Infotext gibt es nicht.',
  unknownAlert: 'Diesen Hinweis gibt es nicht.',
  infoSaved: 'Text gespeichert',
  alertSaved: 'Hinweis gespeichert',
} as const;

function knownInfo(identifier: string) {
  if (!isInfoIdentifier(identifier)) throw new AppError('NOT_FOUND', CONTENT_MESSAGES.unknownInfo);
  return identifier;
}

function knownAlert(identifier: string) {
  if (!isAlertIdentifier(identifier)) throw new AppError('NOT_FOUND', CONTENT_MESSAGES.unknownAlert);
  return identifier;
}

function cached<T extends object>(ctx: Context, key: string, compute: () => Promise<T>): Promise<T> {
  return ctx.services.publicCache.read(CONTENT_CACHE_AREA, key, compute);
}

export const contentRouter = router({
  publicInfo: sharedReadProcedure.query(({ ctx }) => cached(ctx, 'info', () => listInfoTexts(ctx.services.db))),

  publicAlerts: sharedReadProcedure.query(({ ctx }) =>
    cached(ctx, 'alerts', async () => (await listAlerts(ctx.services.db)).map(publicAlert)),
  ),

  publicInfoText: sharedReadProcedure.input(infoIdentifierInput).query(({ ctx, input }) => {
    const identifier = knownInfo(input.identifier);
    return cached(ctx, `info:${identifier}`, async (): Promise<InfoEntry> => {
      const entry = await findInfoText(ctx.services.db, identifier);
      if (!entry) throw new AppError('NOT_FOUND', CONTENT_MESSAGES.unknownInfo);
      return entry;
    });
  }),

  publicAlert: sharedReadProcedure.input(alertIdentifierInput).query(({ ctx, input }) => {
    const identifier = knownAlert(input.identifier);
    return cached(ctx, `alert:${identifier}`, async (): Promise<AlertEntry> => {
      const entry = await findAlert(ctx.services.db, identifier);
      if (!entry) throw new AppError('NOT_FOUND', CONTENT_MESSAGES.unknownAlert);
      return publicAlert(entry);
    });
  }),

  // The back office reads the database itself: an editor must see what was just saved.
  info: can('dashboard_view').query(({ ctx }) => listInfoTexts(ctx.services.db)),

  alerts: can('dashboard_view').query(({ ctx }) => listAlerts(ctx.services.db)),

  updateInfo: canIn('dashboard_update', infoUpdateInput, (input) => sectionOfInfoText(input.identifier))
    .mutation(async ({ ctx, input }) => {
      const identifier = knownInfo(input.identifier);
      const data = await ctx.services.db.transaction().execute(async (trx) => {
        await saveInfoText(trx, identifier, input.text);
        return (await findInfoText(trx, identifier)) as InfoEntry;
      });
      ctx.services.publicCache.invalidate(CONTENT_CACHE_AREA);
      await ctx.log(`${infoTextName(identifier)} geändert: ${data.text === '' ? '(leer)' : data.text}`);
      return { message: CONTENT_MESSAGES.infoSaved, data };
    }),

  updateAlert: canIn('dashboard_update', alertUpdateInput, (input) => sectionOfAlert(input.identifier))
    .mutation(async ({ ctx, input }) => {
      const identifier = knownAlert(input.identifier);
      const data = await ctx.services.db.transaction().execute(async (trx) => {
        await saveAlert(trx, { identifier, enabled: input.enabled, text: input.text });
        return (await findAlert(trx, identifier)) as AlertEntry;
      });
      ctx.services.publicCache.invalidate(CONTENT_CACHE_AREA);
      const state = data.enabled ? 'eingeschaltet' : 'ausgeschaltet';
      await ctx.log(`${noticeName(identifier)} ${state}: ${data.text === '' ? '(ohne Text)' : data.text}`);
      return { message: CONTENT_MESSAGES.alertSaved, data };
    }),
});
