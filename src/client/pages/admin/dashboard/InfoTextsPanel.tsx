import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import type { InfoIdentifier } from '../../../../shared/constants.ts';
import { INFO_LABELS } from '../../../../shared/content.ts';
import { infoUpdateInput, type InfoEntry } from '../../../../shared/schemas/content.ts';
import { useSchemaForm } from '../../../components/useSchemaForm.ts';
import { trpc } from '../../../trpc.ts';
import { PanelStatus, ReadOnlyNote } from './PanelStatus.tsx';
import { RichTextField } from './RichTextField.tsx';

function InfoTextEditor({ entry, label, canUpdate }: { entry: InfoEntry; label: string; canUpdate: boolean }) {
  const utils = trpc.useUtils();
  const form = useSchemaForm(infoUpdateInput, () => ({ identifier: entry.identifier, text: entry.text }));

  // A fresher answer of the server replaces the form as long as nobody has started editing.
  const { dirty, reset } = form;
  useEffect(() => {
    if (!dirty) reset({ identifier: entry.identifier, text: entry.text });
    // Only a new record is a reason to start over, not a change of `dirty`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [entry]);

  const save = trpc.content.updateInfo.useMutation({
    meta: { errorPrefix: 'Fehler beim Speichern des Textes' },
    onSuccess: ({ data }) => {
      form.reset({ identifier: data.identifier, text: data.text });
      void utils.content.info.invalidate();
      void utils.content.publicInfo.invalidate();
    },
    onError: form.showServerErrors,
  });

  const submit = (event: { preventDefault(): void }) => {
    event.preventDefault();
    if (!form.validate()) return;
    save.mutate(form.values);
  };

  return (
    <Paper variant="outlined" component="form" noValidate onSubmit={submit} aria-label={label} sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h3" gutterBottom>
        {label}
      </Typography>
      <RichTextField
        label="Text"
        value={form.values.text}
        onChange={(text) => form.setField('text', text)}
        error={form.errorOf('text')}
        readOnly={!canUpdate}
        disabled={save.isPending}
      />
      {canUpdate && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
          <Button type="submit" variant="contained" loading={save.isPending}>
            Speichern
          </Button>
        </Box>
      )}
    </Paper>
  );
}

export interface InfoTextsPanelProps {
  identifiers: readonly InfoIdentifier[];
  canUpdate: boolean;
  /** SPEC §8, e.g. 'Fehler beim Abrufen der Schießzeiten'. */
  errorPrefix: string;
}

/** A panel of info texts (Schießzeiten, Bogenparcours), each saved on its own. */
export function InfoTextsPanel({ identifiers, canUpdate, errorPrefix }: InfoTextsPanelProps) {
  // One request for all texts; each panel that is open shares it and names its own failure.
  const info = trpc.content.info.useQuery(undefined, { meta: { errorPrefix } });
  if (!info.data) return <PanelStatus query={info} />;
  const byIdentifier = new Map(info.data.map((entry) => [entry.identifier, entry]));
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {!canUpdate && <ReadOnlyNote />}
      {identifiers.map((identifier) => {
        const entry = byIdentifier.get(identifier);
        return entry ? <InfoTextEditor key={identifier} entry={entry} label={INFO_LABELS[identifier]} canUpdate={canUpdate} /> : null;
      })}
    </Box>
  );
}
