import type { Db } from '../../db/connection.ts';
import { ALERT_IDENTIFIERS, INFO_IDENTIFIERS, type AlertIdentifier, type InfoIdentifier } from '../../../shared/constants.ts';
import type { AlertEntry, InfoEntry } from '../../../shared/schemas/content.ts';

/** In the order of SPEC §3, which is the order the dashboard shows them in. */
function bySpecOrder<T extends { identifier: string }>(rows: T[], order: readonly string[]): T[] {
  const rank = (identifier: string) => {
    const index = order.indexOf(identifier);
    return index === -1 ? order.length : index;
  };
  return rows.toSorted((a, b) => rank(a.identifier) - rank(b.identifier) || a.identifier.localeCompare(b.identifier));
}

export function isInfoIdentifier(identifier: string): identifier is InfoIdentifier {
  return (INFO_IDENTIFIERS as readonly string[]).includes(identifier);
}

export function isAlertIdentifier(identifier: string): identifier is AlertIdentifier {
  return (ALERT_IDENTIFIERS as readonly string[]).includes(identifier);
}

export async function listInfoTexts(db: Db): Promise<InfoEntry[]> {
  const rows = await db.selectFrom('info_texts').select(['identifier', 'text']).execute();
  return bySpecOrder(rows, INFO_IDENTIFIERS);
}

export async function findInfoText(db: Db, identifier: InfoIdentifier): Promise<InfoEntry | undefined> {
  return db.selectFrom('info_texts').select(['identifier', 'text']).where('identifier', '=', identifier).executeTakeFirst();
}

/** Writes the text; a row the seed has not created yet (an identifier added later) is created. */
export async function saveInfoText(db: Db, identifier: InfoIdentifier, text: string): Promise<void> {
  const existing = await findInfoText(db, identifier);
  if (existing) await db.updateTable('info_texts').set({ text }).where('identifier', '=', identifier).execute();
  else await db.insertInto('info_texts').values({ identifier, text }).execute();
}

function toAlert(row: { identifier: string; enabled: number; text: string }): AlertEntry {
  return { identifier: row.identifier, enabled: Number(row.enabled) === 1, text: row.text };
}

export async function listAlerts(db: Db): Promise<AlertEntry[]> {
  const rows = await db.selectFrom('section_alerts').select(['identifier', 'enabled', 'text']).execute();
  return bySpecOrder(rows.map(toAlert), ALERT_IDENTIFIERS);
}

export async function findAlert(db: Db, identifier: AlertIdentifier): Promise<AlertEntry | undefined> {
  const row = await db.selectFrom('section_alerts').select(['identifier', 'enabled', 'text']).where('identifier', '=', identifier).executeTakeFirst();
  return row && toAlert(row);
}

export async function saveAlert(db: Db, alert: { identifier: AlertIdentifier; enabled: boolean; text: string }): Promise<void> {
  const values = { enabled: alert.enabled ? 1 : 0, text: alert.text };
  const existing = await findAlert(db, alert.identifier);
  if (existing) await db.updateTable('section_alerts').set(values).where('identifier', '=', alert.identifier).execute();
  else await db.insertInto('section_alerts').values({ identifier: alert.identifier, ...values }).execute();
}

/** What a visitor may see: a switched-off alert's text stays in the back office. */
export function publicAlert(alert: AlertEntry): AlertEntry {
  return alert.enabled ? alert : { ...alert, text: '' };
}
