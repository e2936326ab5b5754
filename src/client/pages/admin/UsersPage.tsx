import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Button from '@mui/material/Button';
import { useMemo } from 'react';
import { PROTECTED_USER_ID } from '../../../shared/permissions.ts';
import { hasPermission, useSignedInUser } from '../../auth.ts';
import { DeleteDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable, type DataTableColumn } from '../../components/DataTable.tsx';
import { AdminPageTitle } from './AdminPageTitle.tsx';
import { RowActions } from '../../components/RowActions.tsx';
import { useDialogState } from '../../components/useDialogState.ts';
import { trpc } from '../../trpc.ts';
import { UserDialog } from './users/UserDialog.tsx';
import type { UserRecord } from './users/UserFields.tsx';

function groupNames(user: UserRecord): string {
  return user.groups.map((group) => group.name).join(', ');
}

function fullName(user: UserRecord): string {
  return `${user.prename} ${user.lastname}`;
}

/** A text column that the search also looks at. */
function textColumn(id: string, header: string, text: (user: UserRecord) => string): DataTableColumn<UserRecord> {
  return { id, header, render: text, searchText: text };
}

/**
 * Users (SPEC §2, §5, §6): a searchable table of the members, a dialog to create or edit
 * one and a confirmation before deleting one. User 1 is protected.
 */
export function UsersPage() {
  const me = useSignedInUser();
  const canCreate = hasPermission(me, 'users_create');
  const canUpdate = hasPermission(me, 'users_update');
  const canDelete = hasPermission(me, 'users_delete');
  // Without groups_view the groups can neither be loaded nor chosen (SPEC §6).
  const groupsEditable = hasPermission(me, 'groups_view');
  const myPermissions = me.permissions;

  const utils = trpc.useUtils();
  const users = trpc.users.list.useQuery(undefined, { meta: { errorPrefix: 'Fehler beim Abrufen der Benutzer' } });
  const groups = trpc.groups.list.useQuery(undefined, {
    enabled: groupsEditable,
    meta: { errorPrefix: 'Fehler beim Abrufen der verfügbaren Gruppen' },
  });

  const dialog = useDialogState<UserRecord>();

  const deletion = useDialogState<UserRecord>();
  const remove = trpc.users.delete.useMutation({
    meta: { errorPrefix: 'Fehler beim Löschen des Benutzers' },
    onSuccess: () => void utils.users.list.invalidate(),
    onSettled: deletion.close,
  });

  const columns = useMemo<DataTableColumn<UserRecord>[]>(
    () => [
      textColumn('id', 'ID', (user) => String(user.id)),
      textColumn('prename', 'Vorname', (user) => user.prename),
      textColumn('lastname', 'Nachname', (user) => user.lastname),
      textColumn('uid', 'Schützennummer', (user) => user.uid),
      textColumn('email', 'E-Mail', (user) => user.email),
      textColumn('phone', 'Telefon', (user) => user.phone),
      textColumn('groups', 'Gruppen', groupNames),
      {
        id: 'actions',
        header: 'Aktionen',
        align: 'right',
        render: (user) => (
          <RowActions
            protectedEntry={user.id === PROTECTED_USER_ID}
            canEdit={canUpdate}
            // Nobody deletes themselves, nor a member with rights they lack; the server refuses both as well.
            canDelete={canDelete && user.id !== me.id && user.permissions.every((name) => myPermissions.includes(name))}
            onEdit={() => dialog.show(user)}
            onDelete={() => deletion.show(user)}
          />
        ),
      },
    ],
    [canUpdate, canDelete, me.id, myPermissions, dialog, deletion],
  );

  return (
    <>
      <AdminPageTitle screen="users" />
      <DataTable
        label="Benutzer"
        // Names, number, e-mail, phone and groups side by side only where they fit.
        stackBelow={940}
        rows={users.data ?? []}
        columns={columns}
        rowKey={(user) => user.id}
        loading={users.isFetching}
        toolbar={
          <Button variant="contained" startIcon={<PersonAddIcon />} disabled={!canCreate} onClick={() => dialog.show(null)}>
            Benutzer anlegen
          </Button>
        }
      />
      <UserDialog
        key={dialog.key}
        open={dialog.open}
        user={dialog.item}
        groupsEditable={groupsEditable}
        groupOptions={groups.data ?? []}
        groupsLoading={groups.isLoading}
        onClose={dialog.close}
      />
      <DeleteDialog
        state={deletion}
        title="Benutzer löschen?"
        describe={(item) => <>Soll „{fullName(item)}“ (Schützennummer {item.uid}) wirklich gelöscht werden?</>}
        busy={remove.isPending}
        onDelete={(item) => remove.mutate({ ref: String(item.id) })}
      />
    </>
  );
}
