import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { ALERT_LABELS, NOTICE_ALERT_IDENTIFIERS } from '../../../../shared/content.ts';
import { alertUpdateInput, type AlertEntry } from '../../../../shared/schemas/content.ts';
import { EditorCard } from '../../../components/EditorCard.tsx';
import { useRecordForm } from '../../../components/useSchemaForm.ts';
import { trpc } from '../../../trpc.ts';
import { PanelStatus, ReadOnlyNote } from './PanelStatus.tsx';
import { RichTextField } from './RichTextField.tsx';

type AlertIdentifierShown = (typeof NOTICE_ALERT_IDENTIFIERS)[number];

const alertValues = (alert: AlertEntry) => ({ identifier: alert.identifier, enabled: alert.enabled, text: alert.text });

function AlertEditor({ alert, label, canUpdate }: { alert: AlertEntry; label: string; canUpdate: boolean }) {
  const utils = trpc.useUtils();
  const form = useRecordForm(alertUpdateInput, alert, alertValues);

  const save = trpc.content.updateAlert.useMutation({
    meta: { errorPrefix: 'Fehler beim Speichern des Hinweises' },
    onSuccess: ({ data }) => {
      form.reset(alertValues(data));
      void utils.content.alerts.invalidate();
      void utils.content.publicAlerts.invalidate();
    },
    onError: form.showServerErrors,
  });

  const submit = form.onSubmit((input) => save.mutate(input));

  const title = `Hinweis ${label}`;
  return (
    <EditorCard title={label} label={title} onSubmit={submit} canSave={canUpdate} saving={save.isPending}>
      <FormControlLabel
        control={
          <Switch
            checked={form.values.enabled}
            onChange={(event) => form.setField('enabled', event.target.checked)}
            disabled={!canUpdate || save.isPending}
          />
        }
        label="Hinweis anzeigen"
        sx={{ mb: 1 }}
      />
      <RichTextField
        label="Text"
        value={form.values.text}
        onChange={(text) => form.setField('text', text)}
        error={form.errorOf('text')}
        readOnly={!canUpdate}
        disabled={save.isPending}
      />
    </EditorCard>
  );
}

/** Panel 'Hinweise': every section notice but the live result, each switched and saved on its own. */
export function AlertsPanel({ canUpdate }: { canUpdate: boolean }) {
  const alerts = trpc.content.alerts.useQuery(undefined, { meta: { errorPrefix: 'Fehler beim Abrufen der Hinweise' } });
  if (!alerts.data) return <PanelStatus query={alerts} />;
  const byIdentifier = new Map(alerts.data.map((alert) => [alert.identifier, alert]));
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {!canUpdate && <ReadOnlyNote />}
      {NOTICE_ALERT_IDENTIFIERS.map((identifier: AlertIdentifierShown) => {
        const alert = byIdentifier.get(identifier);
        return alert ? <AlertEditor key={identifier} alert={alert} label={ALERT_LABELS[identifier]} canUpdate={canUpdate} /> : null;
      })}
    </Box>
  );
}
