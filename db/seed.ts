import { randomBytes } from 'node:crypto';
import type { Db } from '../src/server/db/connection.ts';
import { REPLACED_DEFAULT_ALERT, REPLACED_DEFAULT_TEXTS } from './migrations/0022_club_facts.ts';
import { REPLACED_RANGE_ALERTS, REPLACED_RANGE_TEXTS } from './migrations/0023_range_facts.ts';
import type { PasswordHasher } from '../src/server/areas/auth/passwords.ts';
import { hasAboutCaptions, writeAboutCaptions } from '../src/server/areas/club/about.ts';
import { hasCourseFacts, writeCourseFacts } from '../src/server/areas/club/facts.ts';
import { hasHomeTexts, writeHomeTexts } from '../src/server/areas/club/home.ts';
import { hasRangeFacts, writeRangeFacts } from '../src/server/areas/club/range.ts';
import { hasClubData, insertClubData } from '../src/server/areas/club/queries.ts';
import { GENERATED_PASSWORD_FACT, passwordFingerprint } from '../src/server/areas/club/setup-facts.ts';
import { DEFAULT_CLUB_DATA, type ClubData } from '../src/shared/clubData.ts';
import { DEFAULT_ABOUT_CAPTIONS } from '../src/shared/aboutSlides.ts';
import { DEFAULT_COURSE_FACTS } from '../src/shared/courseFacts.ts';
import { DEFAULT_HOME_TEXTS } from '../src/shared/homeTexts.ts';
import { DEFAULT_RANGE_FACTS } from '../src/shared/rangeFacts.ts';
import { ALERT_IDENTIFIERS, INFO_IDENTIFIERS, type AlertIdentifier, type InfoIdentifier } from '../src/shared/constants.ts';
import { toClubDateTime } from '../src/shared/dates.ts';
import { ADMIN_GROUP_NAME, PERMISSION_NAMES, PROTECTED_GROUP_ID, SUPERVISOR_GROUP_NAME } from '../src/shared/permissions.ts';
import { SECTION_GROUP_NAMES } from '../src/shared/sectionGroups.ts';

/**
 * Default texts built from the facts of SPEC §9; members edit them in the dashboard. They
 * state no training times or names the club has not given: those come from the calendar.
 * Each fits the 255 characters of SPEC §5.
 */
export const DEFAULT_INFO_TEXTS: Record<InfoIdentifier, string> = {
  // The range's lanes and minimum age, the course's targets and the prices are data of their own (migration 0023).
  shootingtimes_gun: REPLACED_RANGE_TEXTS.shootingtimes_gun.after,
  shootingtimes_arch: REPLACED_RANGE_TEXTS.shootingtimes_arch.after,
  shootingtimes_blowpipe: REPLACED_RANGE_TEXTS.shootingtimes_blowpipe.after,
  archparcours_tourneys:
    'Turniere auf unserem Parcours kündigen wir rechtzeitig unter [fett:an]Termine[fett:aus] an. An Turniertagen ist der Parcours für den freien Betrieb geschlossen.',
  // The rule's figures and the prices are data of their own (courseFacts.ts), shown beside these texts.
  archparcours_openings: REPLACED_DEFAULT_TEXTS.archparcours_openings.after,
  archparcours_closings:
    'Bei Turnieren, Sturm, Gewitter und Glätte bleibt der Parcours geschlossen. Kurzfristige Schließungen stehen im Hinweis oben auf dieser Seite.',
  archparcours_usage: REPLACED_DEFAULT_TEXTS.archparcours_usage.after,
  gunking_senior: 'Noch nicht ermittelt.',
  gunking_junior: 'Noch nicht ermittelt.',
  challangecup_senior: 'Noch nicht ermittelt.',
  challangecup_junior: 'Noch nicht ermittelt.',
  most_active: 'Noch nicht ermittelt.',
  most_active_blowpipe: 'Noch nicht ermittelt.',
  best_shot: 'Noch nicht ermittelt.',
  saison_gun: 'Saison 2026/2027',
  saison_arch: 'Saison 2026',
  saison_blowpipe: 'Saison 2026',
};

/** Switched off on a new database; a member turns one on when there is news. */
export const DEFAULT_ALERT_TEXTS: Record<AlertIdentifier, string> = {
  // The minimum age is the range's (rangeFacts.ts), the blowpipe's price the course's (courseFacts.ts).
  gun: REPLACED_RANGE_ALERTS.gun.after,
  arch: 'Der Bogenparcours ist an Turniertagen für den freien Betrieb geschlossen.',
  contact: 'Wir beantworten Anfragen in der Regel innerhalb weniger Tage.',
  appointments: 'Alle Termine ohne Gewähr; kurzfristige Änderungen sind möglich.',
  // The course page states its targets and walk from its facts (courseFacts.ts); the notice does not repeat them.
  archparcours: REPLACED_DEFAULT_ALERT.after,
  blowpipe: REPLACED_RANGE_ALERTS.blowpipe.after,
  // The live result is a link (SPEC §5); there is none until a tournament has one.
  liveresult: '',
};

export interface SeedOptions {
  adminUid: string;
  adminPassword: string | undefined;
  passwords: PasswordHasher;
  now: Date;
  /**
   * The club data of the first start (club.json, CLUB_PROFILE, CONTACT_TO_*), asked for only
   * when the database has none yet: a file changed later no longer counts. Defaults to the
   * shipped club.json's values.
   */
  clubData?: () => ClubData;
}

export interface SeedResult {
  /** Set only when user 1 was created with a generated password, to print once. */
  generatedPassword?: string;
  /** True when this seed stored the club data (the first start). */
  clubDataStored: boolean;
}

/** A password that satisfies the rules of SPEC §9 (letters and digits, 20 characters). */
export function generatePassword(): string {
  const alphabet = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(20);
  const chars = Array.from(bytes, (byte) => alphabet[byte % alphabet.length]);
  chars[0] = 'abcdefghijkmnopqrstuvwxyz'[bytes[0]! % 25]!;
  chars[1] = '23456789'[bytes[1]! % 8]!;
  return chars.join('');
}

/**
 * The seed of DESIGN §2. Idempotent: it only adds what is missing, but for the section
 * groups (issue 26), which only a new database gets.
 */
export async function seed(db: Db, options: SeedOptions): Promise<SeedResult> {
  const result: SeedResult = { clubDataStored: false };
  const now = toClubDateTime(options.now);
  await db.transaction().execute(async (trx) => {
    const existingPermissions = new Set((await trx.selectFrom('permissions').select('name').execute()).map((row) => row.name));
    const missingPermissions = PERMISSION_NAMES.filter((name) => !existingPermissions.has(name));
    if (missingPermissions.length > 0) {
      await trx.insertInto('permissions').values(missingPermissions.map((name) => ({ name }))).execute();
    }

    const adminGroup = await trx.selectFrom('groups').select('id').where('id', '=', PROTECTED_GROUP_ID).executeTakeFirst();
    if (!adminGroup) {
      await trx.insertInto('groups').values({ id: PROTECTED_GROUP_ID, name: ADMIN_GROUP_NAME }).execute();
    }
    // A new database (no group 1 yet) starts with the section groups; an existing one got
    // them from migration 0019. Only once: a section the club deleted stays deleted.
    const newDatabase = !adminGroup;
    const allPermissionIds = (await trx.selectFrom('permissions').select('id').execute()).map((row) => row.id);
    const adminPermissionIds = new Set(
      (
        await trx.selectFrom('group_permissions').select('permission_id').where('group_id', '=', PROTECTED_GROUP_ID).execute()
      ).map((row) => row.permission_id),
    );
    const missingForAdmins = allPermissionIds.filter((id) => !adminPermissionIds.has(id));
    if (missingForAdmins.length > 0) {
      await trx
        .insertInto('group_permissions')
        .values(missingForAdmins.map((permission_id) => ({ group_id: PROTECTED_GROUP_ID, permission_id })))
        .execute();
    }

    const supervisors = await trx.selectFrom('groups').select('id').where('name', '=', SUPERVISOR_GROUP_NAME).executeTakeFirst();
    if (!supervisors) await trx.insertInto('groups').values({ name: SUPERVISOR_GROUP_NAME }).execute();

    if (newDatabase) {
      // As 0019 does: a group of that name (in any case) becomes the section, none is added twice.
      const groups = await trx.selectFrom('groups').select(['id', 'name']).execute();
      for (const name of SECTION_GROUP_NAMES) {
        const existing = groups.find((group) => group.name.toLowerCase() === name.toLowerCase());
        if (existing) await trx.updateTable('groups').set({ public_section: 1 }).where('id', '=', existing.id).execute();
        else await trx.insertInto('groups').values({ name, public_section: 1 }).execute();
      }
    }

    const anyUser = await trx.selectFrom('users').select('id').limit(1).executeTakeFirst();
    if (!anyUser) {
      const password = options.adminPassword ?? generatePassword();
      if (!options.adminPassword) result.generatedPassword = password;
      const passwordHash = await options.passwords.hash(password);
      if (!options.adminPassword) {
        await trx.deleteFrom('setup_facts').where('name', '=', GENERATED_PASSWORD_FACT).execute();
        await trx.insertInto('setup_facts').values({ name: GENERATED_PASSWORD_FACT, value: passwordFingerprint(passwordHash) }).execute();
      }
      await trx
        .insertInto('users')
        .values({
          id: 1,
          prename: 'Admin',
          lastname: 'Administrator',
          uid: options.adminUid,
          password_hash: passwordHash,
          email: 'webmaster@example.org',
          phone: '',
          created_at: now,
          updated_at: now,
        })
        .execute();
      await trx.insertInto('user_groups').values({ user_id: 1, group_id: PROTECTED_GROUP_ID }).execute();
    }

    const infos = new Set((await trx.selectFrom('info_texts').select('identifier').execute()).map((row) => row.identifier));
    const missingInfos = INFO_IDENTIFIERS.filter((identifier) => !infos.has(identifier));
    if (missingInfos.length > 0) {
      await trx
        .insertInto('info_texts')
        .values(missingInfos.map((identifier) => ({ identifier, text: DEFAULT_INFO_TEXTS[identifier] })))
        .execute();
    }

    const alerts = new Set((await trx.selectFrom('section_alerts').select('identifier').execute()).map((row) => row.identifier));
    const missingAlerts = ALERT_IDENTIFIERS.filter((identifier) => !alerts.has(identifier));
    if (missingAlerts.length > 0) {
      await trx
        .insertInto('section_alerts')
        .values(missingAlerts.map((identifier) => ({ identifier, enabled: 0, text: DEFAULT_ALERT_TEXTS[identifier] })))
        .execute();
    }

    if (!(await hasClubData(trx))) {
      await insertClubData(trx, options.clubData ? options.clubData() : DEFAULT_CLUB_DATA);
      result.clubDataStored = true;
    }

    // SPEC §9's facts, the home page's texts and the About captions, on a new database and on the first start after migration 0022.
    if (!(await hasCourseFacts(trx))) await writeCourseFacts(trx, DEFAULT_COURSE_FACTS, null);
    if (!(await hasRangeFacts(trx))) await writeRangeFacts(trx, DEFAULT_RANGE_FACTS, null);
    if (!(await hasHomeTexts(trx))) await writeHomeTexts(trx, DEFAULT_HOME_TEXTS, null);
    if (!(await hasAboutCaptions(trx))) await writeAboutCaptions(trx, DEFAULT_ABOUT_CAPTIONS);
  });
  return result;
}
