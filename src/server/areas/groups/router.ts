import { quoted } from '../../../shared/logNames.ts';
import type { ContactRecipient } from '../../../shared/constants.ts';
import { CONTACT_RECIPIENT_LABELS } from '../../../shared/schemas/contact.ts';
import { PROTECTED_GROUP_ID } from '../../../shared/permissions.ts';
import { groupCreateInput, groupUpdateInput, idInput } from '../../../shared/schemas/groups.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.ts';
import type { Db } from '../../db/connection.ts';
import { withNamedLock } from '../../db/locks.ts';
import { AppError, MESSAGES, Refusal } from '../../errors.ts';
import type { Context } from '../../trpc/context.ts';
import { can, router } from '../../trpc/index.ts';
import { CALENDAR_CACHE_AREA } from '../calendar/cache-area.ts';
import { messageScope } from '../messages/queries.ts';
import { assertMayChangeSecondFactor, assertMayGrantPermissions, assertMayGrantRecipients, assertMayGrantSections, isMessagePermission } from './grants.ts';
import { sectionRightsOfMember } from '../auth/principal.ts';
import { sectionLimitLabel } from '../../../shared/sectionRights.ts';
import {
  assertGroupNameFree,
  assertPermissionsExist,
  assertSectionAddressFree,
  groupNameTaken,
  findGroup,
  listGroups,
  listPermissions,
  memberIdsOfGroup,
  replaceGroupMessageRecipients,
  replaceGroupSections,
  replaceGroupPermissions,
} from './queries.ts';

const GROUP_IN_USE = 'Die Gruppe ist noch Terminen zugeordnet und kann nicht gelöscht werden.';
export const SECTION_FLAG_REFUSED = 'Eine neue Gruppe als Sparte öffentlich anzeigen darf nur, wer Gruppen bearbeiten darf.';
const SECTION_LOCK_BUSY = 'Die Gruppe konnte gerade nicht gespeichert werden, weil eine andere Sparte gespeichert wird. Bitte versuche es gleich noch einmal.';
/** How long a save waits for another section's save; both are a handful of statements. */
const SECTION_LOCK_WAIT_SECONDS = 5;

function refuseProtectedGroup(id: number, action: string): void {
  if (id === PROTECTED_GROUP_ID) throw new Refusal(`${action} von Gruppe ${id} (geschützt)`, MESSAGES.protected);
}

/** The unique key on the name decides, also between two saves at once. */
async function withNameKey<T>(name: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw groupNameTaken(name);
    throw error;
  }
}

/** Members of a changed group get their new permissions on their next request; the cache must not outlive that. */
async function forgetMembers(ctx: Context, groupId: number): Promise<void> {
  for (const userId of await memberIdsOfGroup(ctx.services.db, groupId)) ctx.services.credentials.forgetUser(userId);
}

/**
 * Runs a save that may make or keep the group a section under a lock every server process
 * shares: checking that no other section has the address (slug) and writing must not
 * interleave with another such save (two new sections 'LG LP' and 'LG/LP' at once).
 */
async function underSectionLock<T>(ctx: Context, section: boolean, save: (db: Db) => Promise<T>): Promise<T> {
  const { db, dialect } = ctx.services;
  if (!section) return save(db);
  const saved = await withNamedLock(db, dialect, 'section-groups', SECTION_LOCK_WAIT_SECONDS, save);
  if (!saved) throw new AppError('SERVICE_UNAVAILABLE', SECTION_LOCK_BUSY);
  return saved.value;
}

/** How the log names 'Als Sparte öffentlich anzeigen'. */
function sectionNote(section: boolean, changed = false): string {
  if (section) return ' (als Sparte öffentlich)';
  return changed ? ' (nicht mehr als Sparte öffentlich)' : '';
}

/** A recipient of the contact form as the group dialog shows it ('LG/LP', not 'lg-lp'). */
function recipientLabel(recipient: string): string {
  return recipient in CONTACT_RECIPIENT_LABELS ? CONTACT_RECIPIENT_LABELS[recipient as ContactRecipient] : recipient;
}

/** How the log names 'Nachrichten nur an' (issue 27.5). */
function recipientsNote(recipients: readonly string[], changed = false): string {
  if (recipients.length > 0) return ` (Nachrichten nur an ${recipients.map(recipientLabel).join(', ')})`;
  return changed ? ' (Nachrichten an alle Adressaten)' : '';
}

/** How the log names 'Nur für Sparten' (issue 28.1). */
function sectionsNote(sections: Parameters<typeof sectionLimitLabel>[0], changed = false): string {
  if (sections.length > 0) return ` (nur für Sparten ${sectionLimitLabel(sections)})`;
  return changed ? ' (für alle Sparten)' : '';
}

/** How the log names the group's 'Zweiter Faktor erforderlich'. */
function secondFactorNote(required: boolean, changed = false): string {
  if (required) return ' (zweiter Faktor erforderlich)';
  return changed ? ' (zweiter Faktor nicht mehr erforderlich)' : '';
}

export const groupsRouter = router({
  list: can('groups_view').query(({ ctx }) => listGroups(ctx.services.db)),

  create: can('groups_create')
    .input(groupCreateInput)
    .mutation(async ({ ctx, input }) => {
      // What visitors see changes with the flag (SPEC §6: changing groups is groups_update).
      if (input.public_section && !ctx.user.permissions.has('groups_update')) {
        throw new Refusal(`Neue Gruppe ${input.name} als Sparte (fehlende Berechtigung groups_update)`, SECTION_FLAG_REFUSED);
      }
      const group = await withNameKey(input.name, () => underSectionLock(ctx, input.public_section, (db) => db.transaction().execute(async (trx) => {
        await assertPermissionsExist(trx, input.permissions);
        await assertMayGrantPermissions(trx, ctx.user.id, input.permissions, `Berechtigungen für neue Gruppe ${input.name}`);
        await assertGroupNameFree(trx, input.name);
        if (input.public_section) await assertSectionAddressFree(trx, input.name);
        const inserted = await trx
          .insertInto('groups')
          .values({ name: input.name, require_second_factor: input.require_second_factor ? 1 : 0, public_section: input.public_section ? 1 : 0 })
          .executeTakeFirstOrThrow();
        const id = Number(inserted.insertId);
        await replaceGroupPermissions(trx, id, input.permissions);
        await replaceGroupMessageRecipients(trx, id, input.message_recipients);
        await replaceGroupSections(trx, id, input.sections);
        const created = await findGroup(trx, id);
        await assertMayGrantSections(trx, ctx.user.id, created.permissions.map((permission) => permission.name), created.sections, `Sparten für neue Gruppe ${input.name}`);
        if (created.permissions.some((permission) => isMessagePermission(permission.name))) {
          await assertMayGrantRecipients(trx, ctx.user.id, created.message_recipients, `Nachrichten für neue Gruppe ${input.name}`);
        }
        return created;
      })));
      // A new section is a new filter and feed of the public calendar.
      if (group.public_section) ctx.services.publicCache.invalidate(CALENDAR_CACHE_AREA);
      await ctx.log(
        `Gruppe ${quoted(group.name)} angelegt${secondFactorNote(group.require_second_factor)}${sectionNote(group.public_section)}${recipientsNote(group.message_recipients)}${sectionsNote(group.sections)}`,
      );
      return { message: 'Gruppe angelegt', data: group };
    }),

  update: can('groups_update')
    .input(groupUpdateInput)
    .mutation(async ({ ctx, input }) => {
      refuseProtectedGroup(input.id, 'Änderung');
      // Whether the group is a section after the save is known inside; only a save that turns it off needs no lock.
      const saved = await withNameKey(input.name, () => underSectionLock(ctx, input.public_section !== false, (db) => db.transaction().execute(async (trx) => {
        const before = await findGroup(trx, input.id);
        // What the actor reads before the save changes it (their own group may be the one saved).
        const actorScope = await messageScope(trx, ctx.user.id, 'messages_view');
        const actorRights = await sectionRightsOfMember(trx, ctx.user.id);
        await assertPermissionsExist(trx, input.permissions);
        // Taking permissions away grants nothing; only the new ones must be the actor's own.
        const had = new Set(before.permissions.map((permission) => permission.id));
        const added = input.permissions.filter((permissionId) => !had.has(permissionId));
        await assertMayGrantPermissions(trx, ctx.user.id, added, `Berechtigungen für Gruppe ${input.id}`);
        await assertGroupNameFree(trx, input.name, input.id);
        const required = input.require_second_factor;
        if (required !== undefined && required !== before.require_second_factor) {
          await assertMayChangeSecondFactor(trx, ctx.user.id, before.permissions.map((permission) => permission.name), `Zweiter Faktor erforderlich für Gruppe ${input.id}`);
        }
        const section = input.public_section ?? before.public_section;
        if (section) await assertSectionAddressFree(trx, input.name, input.id);
        await trx
          .updateTable('groups')
          .set({
            name: input.name,
            ...(required === undefined ? {} : { require_second_factor: required ? 1 : 0 }),
            ...(input.public_section === undefined ? {} : { public_section: input.public_section ? 1 : 0 }),
          })
          .where('id', '=', input.id)
          .execute();
        await replaceGroupPermissions(trx, input.id, input.permissions);
        if (input.message_recipients !== undefined) await replaceGroupMessageRecipients(trx, input.id, input.message_recipients);
        if (input.sections !== undefined) await replaceGroupSections(trx, input.id, input.sections);
        const after = await findGroup(trx, input.id);
        // Other sections, or content permissions the group did not have: handed out as permissions are.
        const sectionsChanged = before.sections.join() !== after.sections.join();
        const passedOnRights = after.permissions.filter((permission) => sectionsChanged || !had.has(permission.id)).map((permission) => permission.name);
        await assertMayGrantSections(trx, ctx.user.id, passedOnRights, after.sections, `Sparten für Gruppe ${input.id}`, actorRights);
        // A group that reads messages and now reads other recipients, or starts reading them, passes that on.
        const readMessagesBefore = before.permissions.some((permission) => isMessagePermission(permission.name));
        const readsMessages = after.permissions.some((permission) => isMessagePermission(permission.name));
        const passedOn = before.message_recipients.join() !== after.message_recipients.join() || !readMessagesBefore;
        if (readsMessages && passedOn) {
          await assertMayGrantRecipients(trx, ctx.user.id, after.message_recipients, `Nachrichten für Gruppe ${input.id}`, actorScope);
        }
        return { before, after };
      })));
      const { before, after: group } = saved;
      await forgetMembers(ctx, group.id);
      // A section's name is the public `section` of its appointments, its flag says whether there is one;
      // the back office's months show the name too.
      ctx.services.publicCache.invalidate(CALENDAR_CACHE_AREA);
      const changedRequirement = before.require_second_factor === group.require_second_factor ? '' : secondFactorNote(group.require_second_factor, true);
      const changedSection = before.public_section === group.public_section ? '' : sectionNote(group.public_section, true);
      const changedRecipients =
        before.message_recipients.join() === group.message_recipients.join() ? '' : recipientsNote(group.message_recipients, true);
      const changedSections = before.sections.join() === group.sections.join() ? '' : sectionsNote(group.sections, true);
      await ctx.log(`Gruppe ${quoted(group.name)} geändert${changedRequirement}${changedSection}${changedRecipients}${changedSections}`);
      return { message: 'Gruppe gespeichert', data: group };
    }),

  delete: can('groups_delete')
    .input(idInput)
    .mutation(async ({ ctx, input }) => {
      refuseProtectedGroup(input.id, 'Löschen');
      const { db } = ctx.services;
      const group = await findGroup(db, input.id);
      await forgetMembers(ctx, input.id);
      // Appointments restrict the delete (ON DELETE RESTRICT): the key decides, also in a race.
      try {
        await db.deleteFrom('groups').where('id', '=', input.id).execute();
      } catch (error) {
        if (isForeignKeyViolation(error)) throw new AppError('CONFLICT', GROUP_IN_USE);
        throw error;
      }
      // A section that goes takes its filter and feed along.
      if (group.public_section) ctx.services.publicCache.invalidate(CALENDAR_CACHE_AREA);
      await ctx.log(`Gruppe ${quoted(group.name)} gelöscht`);
      return { message: 'Gruppe gelöscht', data: { id: input.id } };
    }),
});

export const permissionsRouter = router({
  list: can('groups_view').query(({ ctx }) => listPermissions(ctx.services.db)),
});
