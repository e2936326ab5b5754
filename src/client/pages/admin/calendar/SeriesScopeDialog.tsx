import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId, useState } from 'react';
import { SERIES_SCOPE_LABELS, SERIES_SCOPES, type SeriesScope } from '../../../../shared/schemas/calendar.ts';
import { TitledDialog } from '../../../components/TitledDialog.tsx';

export interface SeriesScopeDialogProps {
  open: boolean;
  /** 'save' asks before saving, 'delete' before deleting. */
  action: 'save' | 'delete';
  name: string;
  /** A changed rule applies to a series, never to one occurrence alone. */
  ruleChanged?: boolean;
  /**
   * The member holds calendar_delete: without it, the server refuses a save that would
   * delete occurrences (a changed rule is how that happens), and the question says so first.
   */
  mayDelete?: boolean;
  busy: boolean;
  onChoose: (scope: SeriesScope) => void;
  onCancel: () => void;
}

/** Which occurrences a change or a deletion of one occurrence of a series applies to. */
export function SeriesScopeDialog({ open, action, name, ruleChanged = false, mayDelete = true, busy, onChoose, onCancel }: SeriesScopeDialogProps) {
  const textId = useId();
  // The parent keys the dialog by its opening, so each question starts from this choice.
  const [scope, setScope] = useState<SeriesScope>(ruleChanged ? 'following' : 'single');
  const deleting = action === 'delete';
  return (
    <TitledDialog open={open} title={deleting ? 'Termin der Serie löschen' : 'Termin der Serie speichern'} busy={busy} onClose={onCancel} aria-describedby={textId}>
      <DialogContent>
        <DialogContentText id={textId}>
          „{name}“ gehört zu einer Terminserie. {deleting ? 'Welche Termine sollen gelöscht werden?' : 'Für welche Termine gilt die Änderung?'}
        </DialogContentText>
        <RadioGroup aria-label={deleting ? 'Löschen für' : 'Speichern für'} value={scope} onChange={(event) => setScope(event.target.value as SeriesScope)} sx={{ mt: 1 }}>
          {SERIES_SCOPES.map((value) => (
            <FormControlLabel
              key={value}
              value={value}
              disabled={busy || (value === 'single' && ruleChanged)}
              control={<Radio />}
              label={deleting && value === 'single' ? `${SERIES_SCOPE_LABELS.single} (er wird abgesagt und bleibt als entfallen sichtbar)` : SERIES_SCOPE_LABELS[value]}
            />
          ))}
        </RadioGroup>
        {!deleting && ruleChanged && !mayDelete && (
          <Alert severity="info" sx={{ mt: 1 }}>
            Wenn durch die Änderung Termine der Serie wegfallen (keine Wiederholung mehr, ein früheres Ende, weniger Wochentage), brauchst du die
            Berechtigung, Termine zu löschen – die fehlt dir.
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Abbrechen
        </Button>
        <Button onClick={() => onChoose(scope)} disabled={busy} variant="contained" color={deleting ? 'error' : 'primary'} autoFocus>
          {deleting ? 'Löschen' : 'Speichern'}
        </Button>
      </DialogActions>
    </TitledDialog>
  );
}
