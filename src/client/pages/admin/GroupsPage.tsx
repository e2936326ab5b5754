import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useMemo } from 'react';
import { PERMISSION_AREAS, PROTECTED_GROUP_ID } from '../../../shared/permissions.ts';
import { hasPermission, useSignedInUser } from '../../auth.ts';
import { DeleteDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable, type DataTableColumn } from '../../components/DataTable.tsx';
import { AdminPageTitle } from './AdminPageTitle.tsx';
import { RowActions } from '../../components/RowActions.tsx';
import { useDialogState } from '../../components/useDialogState.ts';
import { trpc } from '../../trpc.ts';
import { GroupDialog, type GroupRecord } from './groups/GroupDialog.tsx';
import { PermissionIcons } from './groups/PermissionIcons.tsx';
import { ACTION_LABELS, actionsHeld, AREA_LABELS } from './groups/permissionLabels.ts';
import { sectionLimitLabel } from '../../../shared/sectionRights.ts';

/** The permission names of a group, looked up once per row and render. */
function heldNames(group: GroupRecord): Set<string> {
  return new Set(group.permissions.map((permission) => permission.name));
}

/**
 * Groups (SPEC §2, §6): a searchable table with one column per permission area, a dialog
 * to create or edit a group and a confirmation before deleting one. Group 1 is protected.
 */
export function GroupsPage() {
  const user = useSignedInUser();
  const canCreate = hasPermission(user, 'groups_create');
  const canUpdate = hasPermission(user, 'groups_update');
  const canDelete = hasPermission(user, 'groups_delete');

  const utils = trpc.useUtils();
  const groups = trpc.groups.list.useQuery(undefined, { meta: { errorPrefix: 'Fehler beim Abrufen der Gruppen' } });
  const permissions = trpc.permissions.list.useQuery(undefined, {
    meta: { errorPrefix: 'Fehler beim Abrufen der Berechtigungen' },
    // The 26 permissions come with the database and never change.
    staleTime: Infinity,
  });

  const dialog = useDialogState<GroupRecord>();

  const deletion = useDialogState<GroupRecord>();
  const remove = trpc.groups.delete.useMutation({
    meta: { errorPrefix: 'Fehler beim Löschen der Gruppe' },
    onSuccess: () => {
      void utils.groups.list.invalidate();
      void utils.users.list.invalidate();
      void utils.auth.session.invalidate();
    },
    onSettled: deletion.close,
  });

  const columns = useMemo<DataTableColumn<GroupRecord>[]>(
    () => [
      { id: 'id', header: 'ID', render: (group) => group.id, searchText: (group) => String(group.id) },
      {
        id: 'name',
        header: 'Name',
        // Which groups visitors see as sections ('Als Sparte öffentlich anzeigen'), at a glance and by search.
        render: (group) => (
          <>
            {group.name}
            {group.public_section && <Chip label="Sparte" size="small" variant="outlined" sx={{ ml: 1 }} />}
          </>
        ),
        searchText: (group) => (group.public_section ? `${group.name} Sparte` : group.name),
      },
      {
        id: 'sections',
        // 'Nur für Sparten' (issue 28.1): 'alle' unless the group is limited.
        header: 'Sparten',
        render: (group) => sectionLimitLabel(group.sections),
        searchText: (group) => sectionLimitLabel(group.sections),
      },
      ...PERMISSION_AREAS.map(
        (area): DataTableColumn<GroupRecord> => ({
          id: area,
          header: AREA_LABELS[area],
          render: (group) => <PermissionIcons area={area} held={heldNames(group)} />,
          searchText: (group) =>
            actionsHeld(heldNames(group), area)
              .map((action) => ACTION_LABELS[action])
              .join(' '),
        }),
      ),
      {
        id: 'actions',
        header: 'Aktionen',
        align: 'right',
        render: (group) => (
          <RowActions
            protectedEntry={group.id === PROTECTED_GROUP_ID}
            canEdit={canUpdate}
            canDelete={canDelete}
            onEdit={() => dialog.show(group)}
            onDelete={() => deletion.show(group)}
          />
        ),
      },
    ],
    [canUpdate, canDelete, dialog, deletion],
  );

  return (
    <>
      <AdminPageTitle screen="groups" />
      <DataTable
        label="Gruppen"
        // A column of four symbols per permission area: side by side only where all fit.
        stackBelow={1200}
        rows={groups.data ?? []}
        columns={columns}
        rowKey={(group) => group.id}
        loading={groups.isFetching}
        toolbar={
          <Button variant="contained" startIcon={<AddIcon />} disabled={!canCreate} onClick={() => dialog.show(null)}>
            Gruppe anlegen
          </Button>
        }
      />
      <GroupDialog
        key={dialog.key}
        open={dialog.open}
        group={dialog.item}
        permissions={permissions.data}
        permissionsFailed={permissions.isError}
        onClose={dialog.close}
      />
      <DeleteDialog
        state={deletion}
        title="Gruppe löschen?"
        describe={(item) => <>Soll die Gruppe „{item.name}“ wirklich gelöscht werden?</>}
        busy={remove.isPending}
        onDelete={(item) => remove.mutate({ id: item.id })}
      />
    </>
  );
}
