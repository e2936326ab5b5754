import { EMPTY_TABLE_TEXT } from '../../../shared/constants.ts';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMemo, useState } from 'react';
import { formatGermanDate } from '../../../shared/dates.ts';
import { hasPermission, useSignedInUser } from '../../auth.ts';
import { DeleteDialog } from '../../components/ConfirmDialog.tsx';
import { AdminPageTitle } from './AdminPageTitle.tsx';
import { useSnackbar } from '../../components/Snackbar.tsx';
import { useDialogState } from '../../components/useDialogState.ts';
import { trpc } from '../../trpc.ts';
import { HostRow, type HostEntry } from './hosts/HostRow.tsx';
import { personOptions } from './hosts/personOptions.ts';
import { SeriesRosterDialog } from './hosts/SeriesRosterDialog.tsx';

const FETCH_ERROR_PREFIX = 'Fehler beim Abrufen der Standaufsichten/Wirte';

/** A row remounts when the server's data of its entry changes, so it shows what is stored. */
function rowKey(entry: HostEntry): string {
  return `${entry.id}:${entry.date}:${entry.supervisor}:${entry.host}`;
}

/**
 * Stand supervision and catering (SPEC §2, §4, §6): a refresh button, one editable row
 * per entry and an empty row for a new one. Supervisors come from the group
 * Standaufsichtsberechtigte, hosts from all members, both plus the special values.
 */
export function HostsPage() {
  const user = useSignedInUser();
  const canCreate = hasPermission(user, 'hosts_create');
  const canUpdate = hasPermission(user, 'hosts_update');
  const canDelete = hasPermission(user, 'hosts_delete');

  const utils = trpc.useUtils();
  const entries = trpc.hosts.list.useQuery(undefined, { meta: { errorPrefix: FETCH_ERROR_PREFIX } });
  const choices = trpc.hosts.choices.useQuery(undefined, { meta: { errorPrefix: FETCH_ERROR_PREFIX } });
  const supervisorOptions = useMemo(() => personOptions(choices.data?.supervisors), [choices.data]);
  const hostOptions = useMemo(() => personOptions(choices.data?.hosts), [choices.data]);
  // Which slots their members offer for swapping (Meine Daten); a swap changes the roster, so it is asked with it.
  const offers = trpc.duties.offeredSlots.useQuery(undefined, { meta: { errorPrefix: FETCH_ERROR_PREFIX } });
  const offered = useMemo(() => new Set(offers.data?.map((slot) => `${slot.entry_id}:${slot.role}`)), [offers.data]);
  // A fresh empty row after each new entry.
  const [newRow, setNewRow] = useState(0);

  const deletion = useDialogState<HostEntry>();
  const seriesRoster = useDialogState<null>();
  const remove = trpc.hosts.delete.useMutation({
    meta: { errorPrefix: 'Fehler beim Löschen des Eintrags' },
    onSuccess: () => void utils.hosts.list.invalidate(),
    onSettled: deletion.close,
  });

  const snackbar = useSnackbar();
  /**
   * A row saved on leaving it says so with 'Rückgängig', which saves the previous values
   * again. Through the plain client: the row (and even the page) may be gone by then.
   */
  const offerUndo = (previous: HostEntry, message: string) => {
    snackbar.showSuccess(message, {
      label: 'Rückgängig',
      onClick: () => {
        utils.client.hosts.update.mutate({ id: previous.id, date: previous.date, supervisor: previous.supervisor, host: previous.host }).then(
          () => {
            snackbar.showSuccess('Änderung zurückgenommen');
            void utils.hosts.list.invalidate();
            void utils.duties.offeredSlots.invalidate();
          },
          (error: unknown) => snackbar.showError('Fehler beim Zurücknehmen der Änderung', error),
        );
      },
    });
  };

  const refresh = () => {
    void entries.refetch();
    void choices.refetch();
    void offers.refetch();
  };

  return (
    <>
      <AdminPageTitle screen="hosts" />
      <Box sx={{ mb: 2, display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <Button
          variant="outlined"
          startIcon={<RefreshIcon />}
          loading={entries.isFetching || choices.isFetching || offers.isFetching}
          loadingPosition="start"
          onClick={refresh}
        >
          Aktualisieren
        </Button>
        {/* Shown disabled without hosts_create, as the roster's other controls (SPEC §6). */}
        <Button variant="outlined" startIcon={<EventRepeatIcon />} onClick={() => seriesRoster.show(null)} disabled={!canCreate}>
          Dienste für Serie anlegen
        </Button>
      </Box>
      <Stack spacing={2}>
        {entries.data?.length === 0 && !canCreate && <Alert severity="info">{EMPTY_TABLE_TEXT}</Alert>}
        {entries.data?.map((entry) => (
          <HostRow
            key={rowKey(entry)}
            entry={entry}
            supervisorOptions={supervisorOptions}
            hostOptions={hostOptions}
            canSave={canUpdate}
            canDelete={canDelete}
            onDelete={deletion.show}
            onUpdated={offerUndo}
            cancelled={entry.cancelled}
            offered={{ supervisor: offered.has(`${entry.id}:supervisor`), host: offered.has(`${entry.id}:host`) }}
          />
        ))}
        {entries.data !== undefined && (
          <HostRow
            key={`new:${newRow}`}
            entry={null}
            supervisorOptions={supervisorOptions}
            hostOptions={hostOptions}
            canSave={canCreate}
            canDelete={false}
            onDelete={deletion.show}
            onCreated={() => setNewRow((count) => count + 1)}
          />
        )}
      </Stack>
      <DeleteDialog
        state={deletion}
        title="Eintrag löschen?"
        describe={(item) => <>Soll der Eintrag vom {formatGermanDate(item.date)} wirklich gelöscht werden?</>}
        busy={remove.isPending}
        onDelete={(item) => remove.mutate({ id: item.id })}
      />
      <SeriesRosterDialog key={seriesRoster.key} open={seriesRoster.open} onClose={seriesRoster.close} />
    </>
  );
}
