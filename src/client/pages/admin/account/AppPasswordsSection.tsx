import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { formatGermanDateTime } from '../../../../shared/dates.ts';
import { appPasswordCreateInput, currentPasswordForm } from '../../../../shared/schemas/secondFactor.ts';
import { DeleteDialog } from '../../../components/ConfirmDialog.tsx';
import { DataTable, type DataTableColumn } from '../../../components/DataTable.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { textFieldProps, useSchemaForm } from '../../../components/useSchemaForm.ts';
import { useDialogState } from '../../../components/useDialogState.ts';
import { trpc, type RouterOutputs } from '../../../trpc.ts';
import { CurrentPasswordField, ShownOnceDialog } from './AccountDialogs.tsx';

type AppPassword = RouterOutputs['appPasswords']['list'][number];

/** Name and current password; the form checks both like the server. */
const createForm = appPasswordCreateInput.and(currentPasswordForm);

function CreateDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (password: string, name: string) => void }) {
  const utils = trpc.useUtils();
  const form = useSchemaForm(createForm, () => ({ name: '', current_password: '' }));
  const create = trpc.appPasswords.create.useMutation(
    form.mutationOptions('Fehler beim Anlegen des App-Passworts', ({ data, password }) => {
      void utils.appPasswords.list.invalidate();
      onCreated(password, data.name);
    }),
  );
  const submit = form.onSubmit((_parsed, values) => create.mutate(values));
  return (
    <FormDialog open={open} title="App-Passwort anlegen" busy={create.isPending} onClose={onClose} unsaved={form.changed} onSubmit={submit} submitLabel="Anlegen">
      <TextField
        label="Name"
        {...textFieldProps(form, 'name')}
        helperText={form.errorOf('name') ?? 'Wofür es ist, z. B. „Ergebnisdienst“ oder „Kalender am Vereinsrechner“.'}
        required
        fullWidth
        margin="dense"
        autoFocus
      />
      <CurrentPasswordField {...textFieldProps(form, 'current_password')} />
    </FormDialog>
  );
}

/** The new app password, shown this once. */
function ShowPasswordDialog({ shown, onClose }: { shown: { password: string; name: string } | null; onClose: () => void }) {
  return (
    <ShownOnceDialog open={shown !== null} title="Dein neues App-Passwort" maxWidth="sm" onClose={onClose}>
      <Typography variant="body2" gutterBottom>
        Trage dieses Passwort für „{shown?.name}“ zusammen mit deiner Schützennummer im Programm ein. Es wird nur jetzt angezeigt; ist es
        verloren, widerrufe es und lege ein neues an.
      </Typography>
      <Box component="code" data-testid="app-password" sx={{ display: 'block', fontFamily: 'monospace', fontSize: '1.1rem', my: 2, wordBreak: 'break-all' }}>
        {shown?.password}
      </Box>
    </ShownOnceDialog>
  );
}

const shownTime = (value: string | null) => (value === null ? 'nie' : formatGermanDateTime(value));

/**
 * App-Passwörter on Meine Daten (README „Zweiter Faktor und App-Passwörter“): passwords for
 * programs that use Basic authentication, which cannot answer a code.
 */
export function AppPasswordsSection() {
  const utils = trpc.useUtils();
  const list = trpc.appPasswords.list.useQuery(undefined, { meta: { errorPrefix: 'Fehler beim Abrufen der App-Passwörter' } });
  const createDialog = useDialogState<null>();
  const [shown, setShown] = useState<{ password: string; name: string } | null>(null);
  const revokeDialog = useDialogState<AppPassword>();
  const revoke = trpc.appPasswords.revoke.useMutation({
    meta: { errorPrefix: 'Fehler beim Widerrufen des App-Passworts' },
    onSuccess: () => void utils.appPasswords.list.invalidate(),
    onSettled: () => revokeDialog.close(),
  });

  const columns = useMemo<DataTableColumn<AppPassword>[]>(
    () => [
      { id: 'name', header: 'Name', render: (row) => row.name, searchText: (row) => row.name },
      { id: 'created', header: 'Angelegt', render: (row) => shownTime(row.created_at) },
      { id: 'used', header: 'Zuletzt verwendet', render: (row) => shownTime(row.last_used_at) },
      {
        id: 'actions',
        header: 'Aktionen',
        align: 'right',
        render: (row) => (
          <Button color="error" size="small" onClick={() => revokeDialog.show(row)} aria-label={`App-Passwort „${row.name}“ widerrufen`}>
            Widerrufen
          </Button>
        ),
      },
    ],
    [revokeDialog],
  );

  return (
    <Box component="section" aria-labelledby="account-app-passwords-heading" sx={{ mt: 3, maxWidth: 800 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
        <Typography id="account-app-passwords-heading" variant="h6" component="h2" gutterBottom>
          App-Passwörter
        </Typography>
        <Typography variant="body2">
          Programme, die sich mit Schützennummer und Passwort über die Schnittstelle anmelden (Basic-Authentifizierung), können keinen Code
          eingeben. Mit eingeschaltetem zweiten Faktor nehmen sie statt deines Passworts ein App-Passwort. Lege für jedes Programm ein
          eigenes an; du kannst es jederzeit widerrufen.
        </Typography>
      </Paper>
      <DataTable
        rows={list.data ?? []}
        columns={columns}
        rowKey={(row) => row.id}
        label="App-Passwörter"
        loading={list.isPending}
        toolbar={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => createDialog.show(null)}
          >
            App-Passwort anlegen
          </Button>
        }
      />
      <CreateDialog
        key={createDialog.key}
        open={createDialog.open}
        onClose={createDialog.close}
        onCreated={(password, name) => {
          createDialog.close();
          setShown({ password, name });
        }}
      />
      <ShowPasswordDialog shown={shown} onClose={() => setShown(null)} />
      <DeleteDialog
        state={revokeDialog}
        title="App-Passwort widerrufen?"
        describe={(row) => `Soll „${row.name}“ wirklich widerrufen werden? Programme, die es verwenden, werden sofort abgewiesen.`}
        busy={revoke.isPending}
        onDelete={(row) => revoke.mutate({ id: row.id })}
      />
    </Box>
  );
}
