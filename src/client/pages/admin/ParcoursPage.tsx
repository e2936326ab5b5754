import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CLOSURE_REASONS, CLOSURE_REASON_LABELS, closureDays, targetsInputText, targetsText, type ClosureReason } from '../../../shared/courseState.ts';
import { closureCreateInput, courseStateInput } from '../../../shared/schemas/courseState.ts';
import { hasPermission, useSignedInUser } from '../../auth.ts';
import { DeleteDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable, type DataTableColumn } from '../../components/DataTable.tsx';
import { SaveButton } from '../../components/EditorCard.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { AdminPageTitle } from './AdminPageTitle.tsx';
import { useDialogState } from '../../components/useDialogState.ts';
import { textFieldProps, useRecordForm, useSchemaForm } from '../../components/useSchemaForm.ts';
import { RowActions } from '../../components/RowActions.tsx';
import { trpc, type RouterOutputs } from '../../trpc.ts';
import { PanelStatus } from './dashboard/PanelStatus.tsx';
import { AdminSection } from './AdminSection.tsx';

type ParcoursState = RouterOutputs['parcours']['state'];
type Closure = ParcoursState['closures'][number];

/** After every save the public pages and this screen read the state again. */
function useRefreshState() {
  const utils = trpc.useUtils();
  return () => {
    void utils.parcours.state.invalidate();
    void utils.parcours.publicState.invalidate();
  };
}

type StateValues = { closedTargets: string; detour: string };

function stateValues(state: Pick<ParcoursState, 'closedTargets' | 'detour'>): StateValues {
  return { closedTargets: targetsInputText(state.closedTargets), detour: state.detour };
}

/** Open, or some targets closed with a detour: holds until a member changes it. */
function TargetsForm({ state, canUpdate }: { state: ParcoursState; canUpdate: boolean }) {
  const refresh = useRefreshState();
  const form = useRecordForm(courseStateInput, state, stateValues);
  const save = trpc.parcours.updateState.useMutation(
    form.mutationOptions('Fehler beim Speichern des Zustands', ({ data }: { data: Pick<ParcoursState, 'closedTargets' | 'detour'> }) => {
      form.reset(stateValues(data));
      refresh();
    }),
  );
  const submit = form.onSubmit((input) => save.mutate(input), { disabled: !canUpdate || save.isPending });
  const current = state.closedTargets.length === 0 ? 'Zurzeit sind alle Ziele offen.' : `Zurzeit gesperrt: ${targetsText(state.closedTargets)}.`;
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Gesperrte Ziele" sx={{ display: 'grid', gap: 2 }}>
      <Alert severity={state.closedTargets.length === 0 ? 'success' : 'warning'}>{current}</Alert>
      <TextField
        label="Gesperrte Ziele"
        name="closedTargets"
        {...textFieldProps(form, 'closedTargets')}
        helperText={form.errorOf('closedTargets') ?? `Nummern, z. B. 3, 7, 12–14; leer: alle Ziele offen. Der Parcours hat ${state.targets} Ziele.`}
        disabled={save.isPending}
        autoComplete="off"
        slotProps={{ input: { readOnly: !canUpdate }, htmlInput: { inputMode: 'text' } }}
        fullWidth
      />
      <TextField
        label="Umleitung"
        name="detour"
        {...textFieldProps(form, 'detour')}
        helperText={form.errorOf('detour') ?? 'Wie man die gesperrten Ziele umgeht, z. B. „Von Ziel 11 dem roten Band zu Ziel 15 folgen.“'}
        disabled={save.isPending}
        multiline
        minRows={2}
        slotProps={{ input: { readOnly: !canUpdate } }}
        fullWidth
      />
      {canUpdate && <SaveButton saving={save.isPending} spacing={0} />}
    </Box>
  );
}

type ClosureValues = { from: string; to: string; reason: ClosureReason | ''; note: string };

function ClosureDialog({ closure, open, onClose }: { closure: Closure | null; open: boolean; onClose: () => void }) {
  const refresh = useRefreshState();
  const form = useSchemaForm(closureCreateInput, (): ClosureValues => (closure ? { from: closure.from, to: closure.to, reason: closure.reason, note: closure.note } : { from: '', to: '', reason: '', note: '' }));
  const options = form.mutationOptions('Fehler beim Speichern der Schließung', () => {
    refresh();
    onClose();
  });
  const create = trpc.parcours.createClosure.useMutation(options);
  const update = trpc.parcours.updateClosure.useMutation(options);
  const busy = create.isPending || update.isPending;
  const submit = form.onSubmit((input) => (closure ? update.mutate({ id: closure.id, ...input }) : create.mutate(input)), { disabled: busy });
  const date = (field: 'from' | 'to', label: string) => (
    <TextField
      label={label}
      name={field}
      type="date"
      required
      {...textFieldProps(form, field)}
      disabled={busy}
      fullWidth
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
  return (
    <FormDialog open={open} title={closure ? 'Schließung bearbeiten' : 'Schließung eintragen'} busy={busy} onClose={onClose} unsaved={form.changed} onSubmit={submit}>
      <Box sx={{ display: 'grid', gap: 2, pt: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {date('from', 'Erster Tag')}
        {date('to', 'Letzter Tag')}
        <TextField
          select
          label="Grund"
          name="reason"
          required
          value={form.values.reason}
          onChange={(event) => form.setField('reason', event.target.value as ClosureReason)}
          error={form.errorOf('reason') !== undefined}
          helperText={form.errorOf('reason')}
          disabled={busy}
          fullWidth
          sx={{ gridColumn: '1 / -1' }}
        >
          {CLOSURE_REASONS.map((reason) => (
            <MenuItem key={reason} value={reason}>
              {CLOSURE_REASON_LABELS[reason]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Erläuterung"
          name="note"
          required={form.values.reason === 'other'}
          {...textFieldProps(form, 'note')}
          helperText={form.errorOf('note') ?? 'Steht nach dem Grund auf der Seite, z. B. „umgestürzte Bäume“; bei „Sonstiges“ der Grund selbst.'}
          disabled={busy}
          fullWidth
          sx={{ gridColumn: '1 / -1' }}
        />
      </Box>
    </FormDialog>
  );
}

function Closures({ state, canUpdate }: { state: ParcoursState; canUpdate: boolean }) {
  const refresh = useRefreshState();
  const editing = useDialogState<Closure>();
  const deleting = useDialogState<Closure>();
  const remove = trpc.parcours.deleteClosure.useMutation({
    meta: { errorPrefix: 'Fehler beim Löschen der Schließung' },
    onSuccess: () => {
      deleting.close();
      refresh();
    },
  });
  const columns: DataTableColumn<Closure>[] = [
    { id: 'days', header: 'Zeitraum', render: (closure) => closureDays(closure), searchText: (closure) => closureDays(closure) },
    { id: 'reason', header: 'Grund', render: (closure) => CLOSURE_REASON_LABELS[closure.reason], searchText: (closure) => CLOSURE_REASON_LABELS[closure.reason] },
    { id: 'note', header: 'Erläuterung', render: (closure) => closure.note, searchText: (closure) => closure.note },
    {
      id: 'actions',
      header: 'Aktionen',
      render: (closure) => <RowActions canEdit={canUpdate} canDelete={canUpdate} onEdit={() => editing.show(closure)} onDelete={() => deleting.show(closure)} />,
    },
  ];
  return (
    <>
      <DataTable
        rows={state.closures}
        columns={columns}
        rowKey={(closure) => closure.id}
        label="Schließungen"
        toolbar={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => editing.show(null)} disabled={!canUpdate}>
            Schließung eintragen
          </Button>
        }
      />
      <ClosureDialog key={editing.key} closure={editing.item} open={editing.open} onClose={editing.close} />
      <DeleteDialog
        state={deleting}
        title="Schließung löschen?"
        describe={(closure) => `Soll die Schließung ${closureDays(closure)} (${CLOSURE_REASON_LABELS[closure.reason]}) wirklich gelöscht werden?`}
        busy={remove.isPending}
        onDelete={(closure) => remove.mutate({ id: closure.id })}
      />
    </>
  );
}

function Tournaments({ state }: { state: ParcoursState }) {
  if (state.tournaments.length === 0) return <Typography color="text.secondary">Im Kalender steht derzeit kein Turnier am Parcours.</Typography>;
  return (
    <List dense disablePadding aria-label="Turniertage aus dem Kalender">
      {state.tournaments.map((tournament) => (
        <ListItem key={tournament.appointmentId} disableGutters>
          <ListItemText primary={tournament.name} secondary={`geschlossen ${closureDays(tournament)}`} />
        </ListItem>
      ))}
    </List>
  );
}

/**
 * 'Parcours' (issue 30.1): the 3D course's state as visitors see it on the course page, the
 * home page and in the opening hours. Targets closed for now with a detour, closures of
 * whole days planned ahead (an ended one is gone by itself), and the tournament days the
 * calendar gives. Members with parcours_view read it, parcours_update changes it.
 */
export function ParcoursPage() {
  const me = useSignedInUser();
  const canUpdate = hasPermission(me, 'parcours_update');
  const state = trpc.parcours.state.useQuery(undefined, { meta: { errorPrefix: 'Fehler beim Abrufen des Parcours-Zustands' } });
  return (
    <>
      <AdminPageTitle screen="parcours" />
      {!state.data ? (
        <PanelStatus query={state} />
      ) : (
        <>
          <AdminSection id="parcours-targets" title="Gesperrte Ziele" hint="Gilt ab sofort und bis du die Ziele wieder freigibst. Die Seite des Parcours und die Startseite nennen die Ziele und die Umleitung.">
            <TargetsForm state={state.data} canUpdate={canUpdate} />
          </AdminSection>
          <AdminSection
            id="parcours-closures"
            title="Schließungen"
            hint="Ganze Tage, an denen der Parcours geschlossen ist, auch im Voraus. Die Öffnungszeiten zeigen an diesen Tagen „geschlossen“ mit dem Grund; nach dem letzten Tag verschwindet die Schließung von selbst."
          >
            <Closures state={state.data} canUpdate={canUpdate} />
          </AdminSection>
          <AdminSection
            id="parcours-tournaments"
            title="Turniertage aus dem Kalender"
            hint="Ein Termin, dessen Ort „Parcours“ enthält (z. B. „3D-Bogenparcours“) und dessen Titel „Turnier“ enthält, schließt den Parcours an seinen Tagen für den freien Betrieb. Ändern lässt er sich im Kalender."
          >
            <Tournaments state={state.data} />
          </AdminSection>
        </>
      )}
    </>
  );
}
