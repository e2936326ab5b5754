import type { Kysely } from 'kysely';
import { createTable } from './dialect.ts';

/**
 * The air gun range's facts as data (issue 26.1), beside the course's of 0022: `club_range`,
 * one row (`id` 1) with the number of lanes and the minimum age (null: none stated). Not
 * filled here: the seed does it where it is missing (db/seed.ts), as with 0022.
 *
 * The default texts and notices, and the default history of the About page, stated the
 * range's lanes and minimum age, the course's number of targets and the blowpipe's day
 * price: figures that are data now, shown by the pages from the data. A text still as
 * seeded gets the new wording without them; a text the club has written itself is left
 * as it is.
 */

/** The defaults up to this migration, word for word (what db/seed.ts wrote), and their successors. */
export const REPLACED_RANGE_TEXTS = {
  shootingtimes_gun: {
    before:
      'Luftgewehr und Luftpistole auf unseren [fett:an]10 Ständen[fett:aus]. Die Trainingsabende stehen unter Termine, Standaufsicht und Bewirtung des nächsten Abends unten. Mindestalter 12 Jahre.',
    after: 'Zu allen Trainingszeiten ist eine Standaufsicht da. Besondere Termine stehen unter [fett:an]Termine[fett:aus], Standaufsicht und Bewirtung des nächsten Abends unten.',
  },
  shootingtimes_arch: {
    before:
      'Bogenschießen auf unserem 3D-Parcours mit [fett:an]28 Zielen[fett:aus], täglich zu den Öffnungszeiten des Bogenparcours. Gemeinsame Trainings und Turniere stehen unter Termine.',
    after: 'Bogenschießen auf unserem 3D-Parcours täglich zu den Öffnungszeiten des Bogenparcours. Gemeinsame Trainings und Turniere stehen unter Termine.',
  },
  shootingtimes_blowpipe: {
    before:
      'Blasrohrschießen am Bogenparcours zu dessen Öffnungszeiten. Tageskarte für alle Altersgruppen [fett:an]8,00 €[fett:aus]. Gemeinsame Trainings stehen unter Termine.',
    after: 'Blasrohrschießen am Bogenparcours zu dessen Öffnungszeiten, mit einer Tageskarte für alle Altersgruppen. Gemeinsame Trainings stehen unter Termine.',
  },
} as const;

export const REPLACED_RANGE_ALERTS = {
  gun: {
    before: 'Luftgewehr und Luftpistole ab [fett:an]12 Jahren[fett:aus]; bis 18 Jahre mit schriftlicher Einverständniserklärung der Eltern.',
    after: 'Wer noch nicht 18 Jahre alt ist, braucht zum Schießen die [fett:an]schriftliche Einverständniserklärung[fett:aus] der Eltern.',
  },
  blowpipe: {
    before: 'Blasrohrschießen für alle Altersgruppen: Tageskarte 8,00 €.',
    after: 'Blasrohrschießen für alle Altersgruppen; die Tageskarte gibt es am Bogenparcours.',
  },
} as const;

/** The About page's default history (src/shared/clubData.ts) before and after; only a history still as shipped is replaced. */
export const REPLACED_HISTORY = {
  before: [
    'Unser Verein wurde von einer kleinen Gruppe sportbegeisterter Bürgerinnen und Bürger gegründet, die das Schießen als Sport betreiben und die Geselligkeit im Ort pflegen wollten. In den ersten Jahren trainierten die Mitglieder in geliehenen Räumen, bis mit viel Eigenleistung ein eigenes Vereinsheim entstand.',
    'Mit dem Vereinsheim kam der Luftgewehr- und Luftpistolenstand mit heute zehn Ständen. Hier trainieren Schülerinnen, Schüler, Jugendliche und Erwachsene; mit dem Luftgewehr und der Luftpistole kann man bei uns ab 12 Jahren beginnen. Unsere Mannschaften nehmen an Rundenwettkämpfen und Meisterschaften teil.',
    'Später wuchs der Verein um eine Bogenabteilung. Aus den ersten Scheiben auf der Wiese wurde nach und nach unser 3D-Bogenparcours mit 28 Tierzielen im Gelände, den auch Gäste gegen eine Tagesgebühr nutzen können. Zuletzt kam das Blasrohrschießen hinzu, das Jung und Alt gleichermaßen Freude macht.',
    'Getragen wird der Verein bis heute vom Ehrenamt: Mitglieder übernehmen die Standaufsicht, bewirten Gäste, pflegen den Parcours und bilden den Nachwuchs aus. Wer uns kennenlernen möchte, ist zu den Schießzeiten herzlich willkommen.',
  ].join('\n\n'),
  after: [
    'Unser Verein wurde von einer kleinen Gruppe sportbegeisterter Bürgerinnen und Bürger gegründet, die das Schießen als Sport betreiben und die Geselligkeit im Ort pflegen wollten. In den ersten Jahren trainierten die Mitglieder in geliehenen Räumen, bis mit viel Eigenleistung ein eigenes Vereinsheim entstand.',
    'Mit dem Vereinsheim kam der Luftgewehr- und Luftpistolenstand. Hier trainieren Schülerinnen, Schüler, Jugendliche und Erwachsene mit dem Luftgewehr und der Luftpistole; unsere Mannschaften nehmen an Rundenwettkämpfen und Meisterschaften teil.',
    'Später wuchs der Verein um eine Bogenabteilung. Aus den ersten Scheiben auf der Wiese wurde nach und nach unser 3D-Bogenparcours im Gelände, den auch Gäste gegen eine Tagesgebühr nutzen können. Zuletzt kam das Blasrohrschießen hinzu, das Jung und Alt gleichermaßen Freude macht.',
    'Getragen wird der Verein bis heute vom Ehrenamt: Mitglieder übernehmen die Standaufsicht, bewirten Gäste, pflegen den Parcours und bilden den Nachwuchs aus. Wer uns kennenlernen möchte, ist zu den Schießzeiten herzlich willkommen.',
  ].join('\n\n'),
} as const;

interface Texts {
  info_texts: { identifier: string; text: string };
  section_alerts: { identifier: string; text: string };
  club_profile: { history: string };
}

async function replaceDefaults(db: Kysely<unknown>, direction: 'up' | 'down'): Promise<void> {
  const texts = db as unknown as Kysely<Texts>;
  const [from, to] = direction === 'up' ? (['before', 'after'] as const) : (['after', 'before'] as const);
  for (const [identifier, text] of Object.entries(REPLACED_RANGE_TEXTS)) {
    await texts.updateTable('info_texts').set({ text: text[to] }).where('identifier', '=', identifier).where('text', '=', text[from]).execute();
  }
  for (const [identifier, text] of Object.entries(REPLACED_RANGE_ALERTS)) {
    await texts.updateTable('section_alerts').set({ text: text[to] }).where('identifier', '=', identifier).where('text', '=', text[from]).execute();
  }
  await texts.updateTable('club_profile').set({ history: REPLACED_HISTORY[to] }).where('history', '=', REPLACED_HISTORY[from]).execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'club_range')
    .addColumn('id', 'integer', (c) => c.primaryKey().notNull())
    .addColumn('lanes', 'integer', (c) => c.notNull())
    .addColumn('min_age', 'integer')
    // When members last saved it (club-local); null: still the values of the seed.
    .addColumn('updated_at', 'varchar(19)')
    .execute();
  await replaceDefaults(db, 'up');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await replaceDefaults(db, 'down');
  await db.schema.dropTable('club_range').ifExists().execute();
}
