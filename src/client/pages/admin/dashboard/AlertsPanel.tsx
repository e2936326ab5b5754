import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import Switch from '@mui/material/Switch';
import type { ReactNode } from 'react';
import { ALERT_LABELS, NOTICE_ALERT_IDENTIFIERS } from '../../../../shared/content.ts';
import { alertUpdateInput, type AlertEntry } from '../../../../shared/schemas/content.ts';
import { EditorCard } from '../../../components/EditorCard.tsx';
import { useRecordForm } from '../../../components/useSchemaForm.ts';
import { trpc } from '../../../trpc.ts';
import { useSectionDenial } from '../../../auth.ts';
import { sectionOfAlert } from '../../../../shared/sectionRights.ts';
import { PanelEntries } from './PanelStatus.tsx';
import { RichTextField } from './RichTextField.tsx';

const alertValues = (alert: AlertEntry) => ({ identifier: alert.identifier, enabled: alert.enabled, text: alert.text });

/** What an alert editor hands the field of its text. */
export interface AlertTextField {
  value: string;
  onChange: (text: string) => void;
  error: string | undefined;
  disabled: boolean;
  /** Without the permission, or without it for the alert's section. */
  readOnly: boolean;
}

export interface AlertEditorProps {
  alert: AlertEntry;
  /** The heading. */
  title: string;
  /** The form's accessible name when it differs from the heading, e.g. 'Hinweis LG/LP'. */
  label?: string;
  /** What the switch turns on, e.g. 'Hinweis anzeigen'. */
  switchLabel: string;
  /** SPEC §8: the snackbar's prefix when saving fails. */
  errorPrefix: string;
  canUpdate: boolean;
  /** The text's field: a notice's rich text, the live result's web address. */
  renderText: (field: AlertTextField) => ReactNode;
}

/** One alert (a section notice or the live-result link): switched and saved on its own. */
export function AlertEditor({ alert, title, label, switchLabel, errorPrefix, canUpdate: permitted, renderText }: AlertEditorProps) {
  const utils = trpc.useUtils();
  // Rights per section (issue 28.1): another section's notice is read-only, the button says why.
  const denial = useSectionDenial('dashboard_update', sectionOfAlert(alert.identifier) ?? 'club');
  const canUpdate = permitted && denial === undefined;
  const form = useRecordForm(alertUpdateInput, alert, alertValues);

  const save = trpc.content.updateAlert.useMutation(
    form.mutationOptions(errorPrefix, ({ data }) => {
      form.reset(alertValues(data));
      // Every list that shows alerts, the public ones included: members see at once what visitors see.
      void utils.content.alerts.invalidate();
      void utils.content.publicAlerts.invalidate();
      void utils.content.publicAlert.invalidate();
    }),
  );

  const submit = form.onSubmit((input) => save.mutate(input));

  return (
    <EditorCard title={title} label={label} onSubmit={submit} canSave={canUpdate} saving={save.isPending} denial={denial}>
      <FormControlLabel
        control={
          <Switch
            checked={form.values.enabled}
            onChange={(event) => form.setField('enabled', event.target.checked)}
            disabled={!canUpdate || save.isPending}
          />
        }
        label={switchLabel}
        sx={{ mb: 1 }}
      />
      {renderText({
        value: form.values.text,
        onChange: (text) => form.setField('text', text),
        error: form.errorOf('text'),
        disabled: save.isPending,
        readOnly: !canUpdate,
      })}
    </EditorCard>
  );
}

/** Panel 'Hinweise': every section notice but the live result, each switched and saved on its own. */
export function AlertsPanel({ canUpdate }: { canUpdate: boolean }) {
  const alerts = trpc.content.alerts.useQuery(undefined, { meta: { errorPrefix: 'Fehler beim Abrufen der Hinweise' } });
  return (
    <PanelEntries query={alerts} identifiers={NOTICE_ALERT_IDENTIFIERS} readOnlyNote={!canUpdate}>
      {(alert, identifier) => (
        <AlertEditor
          alert={alert}
          title={ALERT_LABELS[identifier]}
          label={`Hinweis ${ALERT_LABELS[identifier]}`}
          switchLabel="Hinweis anzeigen"
          errorPrefix="Fehler beim Speichern des Hinweises"
          canUpdate={canUpdate}
          renderText={(field) => (
            <>
              <RichTextField label="Text" {...field} />
              {identifier === 'archparcours' && (
                // The complaint (30.1): a notice saying 'geschlossen' above opening hours that show times.
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  Schließungen und gesperrte Ziele trägst du unter „Parcours“ ein: Dann zeigen der Hinweis oben auf der Seite, die Öffnungszeiten und die
                  Startseite dasselbe. Dieser Hinweis ist für alles andere.
                </Typography>
              )}
            </>
          )}
        />
      )}
    </PanelEntries>
  );
}
