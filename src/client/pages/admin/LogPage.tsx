import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { LIMITS } from '../../../shared/constants.ts';
import { hasPermission, useSignedInUser } from '../../auth.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { AdminPageTitle } from './AdminPageTitle.tsx';
import { trpc } from '../../trpc.ts';
import { newestFirst } from './log/newestFirst.ts';

/**
 * The server log (SPEC §2, §7, §9): a read-only box of 25 rows, newest entry first, a
 * refresh button and, with log_delete, 'Log löschen' after a confirmation.
 */
export function LogPage() {
  const user = useSignedInUser();
  const canClear = hasPermission(user, 'log_delete');
  const utils = trpc.useUtils();
  const log = trpc.log.read.useQuery(undefined, { meta: { errorPrefix: 'Fehler beim Abrufen des Logs' } });

  const [confirming, setConfirming] = useState(false);
  const clear = trpc.log.clear.useMutation({
    meta: { errorPrefix: 'Fehler beim Löschen des Logs' },
    onSuccess: () => void utils.log.read.invalidate(),
    onSettled: () => setConfirming(false),
  });

  return (
    <>
      <AdminPageTitle screen="log" />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <Button variant="outlined" startIcon={<RefreshIcon />} loading={log.isFetching} loadingPosition="start" onClick={() => void log.refetch()}>
          Aktualisieren
        </Button>
        {canClear && (
          <Button variant="outlined" color="error" startIcon={<DeleteSweepIcon />} onClick={() => setConfirming(true)}>
            Log löschen
          </Button>
        )}
      </Box>
      <TextField
        label="Log"
        value={log.data === undefined ? '' : newestFirst(log.data)}
        placeholder={log.isPending ? 'Das Log wird geladen …' : 'Das Log ist leer.'}
        multiline
        rows={LIMITS.logRows}
        fullWidth
        slotProps={{
          htmlInput: { readOnly: true, spellCheck: false },
          inputLabel: { shrink: true },
        }}
        // A long entry wraps at every width (issue 28.4): read whole, never cut off at the box's edge
        // nor scrolled sideways; a word longer than the box (a file name) breaks too.
        sx={{ '& textarea': { fontFamily: 'monospace', fontSize: '0.85rem', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', overflowX: 'hidden' } }}
      />
      <ConfirmDialog
        open={confirming}
        title="Log löschen?"
        text="Alle Einträge des Logs werden unwiderruflich gelöscht."
        busy={clear.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => clear.mutate()}
      />
    </>
  );
}
