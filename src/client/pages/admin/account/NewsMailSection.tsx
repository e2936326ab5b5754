import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { newsMailSettingInput } from '../../../../shared/schemas/newsMail.ts';
import { useUnsavedChanges } from '../../../components/unsavedChanges.tsx';
import { useSchemaForm } from '../../../components/useSchemaForm.ts';
import { trpc, type RouterOutputs } from '../../../trpc.ts';

type NewsMailSetting = RouterOutputs['news']['mailSetting'];

function NewsMailForm({ setting }: { setting: NewsMailSetting }) {
  const utils = trpc.useUtils();
  const form = useSchemaForm(newsMailSettingInput, () => ({ receive: setting.receive }));
  useUnsavedChanges(form.changed);
  const save = trpc.news.setMailSetting.useMutation(form.mutationOptions('Fehler beim Speichern der Einstellung', () => void utils.news.mailSetting.invalidate()));
  const submit = form.onSubmit((input) => save.mutate(input), { disabled: save.isPending });
  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      onSubmit={submit}
      aria-labelledby="account-news-mail-heading"
      sx={{ p: { xs: 2, sm: 3 }, mt: 3, maxWidth: 800 }}
    >
      <Typography id="account-news-mail-heading" variant="h6" component="h2" gutterBottom>
        Aktuelles per Mail
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        Wer einen Artikel unter „Aktuelles“ veröffentlicht, kann ihn den Mitgliedern von Gruppen per Mail schicken. Jede dieser Mails
        enthält auch einen Link zum Abmelden.
      </Typography>
      {!setting.hasEmail && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Für Mails brauchst du eine gültige E-Mail-Adresse. Trage sie oben bei deinen Daten ein.
        </Alert>
      )}
      <FormControlLabel
        control={<Checkbox checked={form.values.receive} onChange={(event) => form.setField('receive', event.target.checked)} />}
        label="Aktuelles per Mail erhalten"
      />
      <div>
        <Button type="submit" variant="contained" loading={save.isPending} sx={{ mt: 1 }}>
          Einstellung speichern
        </Button>
      </div>
    </Paper>
  );
}

/** 'Aktuelles per Mail erhalten' (issue 27.4, README „Aktuelles per Mail“): on unless the member switches it off here or by a mail's link. */
export function NewsMailSection() {
  const setting = trpc.news.mailSetting.useQuery(undefined, { meta: { errorPrefix: 'Fehler beim Abrufen deiner Einstellung zu Aktuelles per Mail' } });
  if (!setting.data) return null;
  // A saved change starts the form over from what the server keeps.
  return <NewsMailForm key={String(setting.data.receive)} setting={setting.data} />;
}
