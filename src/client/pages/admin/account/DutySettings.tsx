import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { formatGermanDateTime } from '../../../../shared/dates.ts';
import { REMINDER_TIME_PATTERN, reminderInput } from '../../../../shared/schemas/duties.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { useSnackbar } from '../../../components/Snackbar.tsx';
import { useUnsavedChanges } from '../../../components/unsavedChanges.tsx';
import { useSchemaForm } from '../../../components/useSchemaForm.ts';
import { trpc, type RouterOutputs } from '../../../trpc.ts';
import { ShownOnceDialog } from './AccountDialogs.tsx';

type DutySettings = RouterOutputs['duties']['settings'];

/** A part of 'Meine Dienste' with its heading; with `form` it is the form that saves it. */
export function DutyPart({ id, title, children, form }: { id: string; title: string; children: ReactNode; form?: (event: { preventDefault: () => void }) => void }) {
  return (
    <Paper
      variant="outlined"
      component={form ? 'form' : 'section'}
      noValidate={form ? true : undefined}
      onSubmit={form}
      aria-labelledby={id}
      sx={{ p: { xs: 2, sm: 3 }, mt: 2 }}
    >
      <Typography id={id} variant="subtitle1" component="h3" sx={{ fontWeight: 500 }} gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** The new address, shown this once: only its hash is stored. */
function FeedAddressDialog({ url, onClose }: { url: string | null; onClose: () => void }) {
  const snackbar = useSnackbar();
  const copy = () => {
    if (!url) return;
    navigator.clipboard.writeText(url).then(
      () => snackbar.showSuccess('Adresse kopiert'),
      () => snackbar.show('warning', 'Die Adresse konnte nicht kopiert werden. Bitte markiere sie und kopiere sie von Hand.'),
    );
  };
  return (
    <ShownOnceDialog open={url !== null} title="Adresse deines Kalender-Abos" maxWidth="sm" onClose={onClose}>
      <Typography variant="body2" gutterBottom>
        Trage diese Adresse in deiner Kalender-App als Abonnement ein (oft „Kalender abonnieren“ oder „Kalender aus dem Internet hinzufügen“). Sie wird
        nur jetzt angezeigt; brauchst du sie später noch einmal, erzeuge eine neue.
      </Typography>
      <Box component="code" data-testid="duty-feed-url" sx={{ display: 'block', fontFamily: 'monospace', my: 2, wordBreak: 'break-all' }}>
        {url}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button variant="outlined" onClick={copy}>
          Adresse kopieren
        </Button>
        {url && (
          <Button variant="outlined" href={url.replace(/^https?:/, 'webcal:')}>
            In Kalender-App abonnieren
          </Button>
        )}
      </Stack>
    </ShownOnceDialog>
  );
}

/**
 * 'Kalender-Abo': a secret address for the member's calendar app with their duties. Set
 * up, renewed (the old address stops working) or ended here; shown once, like app passwords.
 */
export function DutyFeed() {
  const utils = trpc.useUtils();
  const settings = trpc.duties.settings.useQuery(undefined, { meta: { errorPrefix: 'Fehler beim Abrufen deiner Einstellungen zu den Diensten' } });
  const [shownUrl, setShownUrl] = useState<string | null>(null);
  const [asking, setAsking] = useState<'renew' | 'revoke' | null>(null);
  const done = () => {
    setAsking(null);
    void utils.duties.settings.invalidate();
  };
  const renew = trpc.duties.renewFeed.useMutation({
    meta: { errorPrefix: 'Fehler beim Einrichten des Kalender-Abos' },
    onSuccess: ({ data }) => setShownUrl(data.url),
    onSettled: done,
  });
  const revoke = trpc.duties.revokeFeed.useMutation({ meta: { errorPrefix: 'Fehler beim Beenden des Kalender-Abos' }, onSettled: done });
  const since = settings.data?.feed_since ?? null;
  // Saved at once: a single switch has nothing to lose.
  // The box shows the choice at once, while it is saved, and the saved state after it.
  const [wantedSignups, setWantedSignups] = useState<boolean | null>(null);
  const signupsInFeed = trpc.duties.setFeedSignups.useMutation({
    meta: { errorPrefix: 'Fehler beim Speichern der Einstellung' },
    onSuccess: ({ data }) => utils.duties.settings.setData(undefined, (old) => old && { ...old, feed_signups: data.feed_signups }),
    onSettled: () => setWantedSignups(null),
  });

  return (
    <DutyPart id="account-duties-feed" title="Kalender-Abo">
      <Typography variant="body2" sx={{ mb: 2 }}>
        Deine Kalender-App (z. B. auf dem Telefon) zeigt deine Dienste mit den Terminen des Tages und hält sie aktuell, auch nach einem Tausch. Die
        Adresse ist geheim und nennt keine anderen Mitglieder; wer sie kennt, sieht deine Dienste. Gib sie deshalb nicht weiter.
      </Typography>
      {since !== null && <Typography sx={{ mb: 2 }}>Kalender-Abo aktiv seit {formatGermanDateTime(since)} Uhr.</Typography>}
      <FormControlLabel
        sx={{ mb: 1 }}
        control={
          <Checkbox
            checked={wantedSignups ?? settings.data?.feed_signups ?? false}
            disabled={!settings.data || wantedSignups !== null}
            onChange={(event) => {
              setWantedSignups(event.target.checked);
              signupsInFeed.mutate({ include: event.target.checked });
            }}
          />
        }
        label="Meine Anmeldungen zu Terminen auch im Kalender-Abo"
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        {since === null ? (
          <Button variant="contained" disabled={settings.isPending} loading={renew.isPending} onClick={() => renew.mutate()}>
            Kalender-Abo einrichten
          </Button>
        ) : (
          <>
            <Button variant="outlined" onClick={() => setAsking('renew')}>
              Neue Adresse erzeugen
            </Button>
            <Button variant="outlined" color="error" onClick={() => setAsking('revoke')}>
              Kalender-Abo beenden
            </Button>
          </>
        )}
      </Stack>
      <ConfirmDialog
        open={asking === 'renew'}
        title="Neue Adresse erzeugen?"
        text="Die bisherige Adresse funktioniert danach nicht mehr. Trage die neue in deiner Kalender-App ein."
        busy={renew.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => renew.mutate()}
      />
      <ConfirmDialog
        open={asking === 'revoke'}
        title="Kalender-Abo beenden?"
        text="Die Adresse funktioniert danach nicht mehr; deine Kalender-App bekommt keine Dienste mehr."
        busy={revoke.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => revoke.mutate()}
      />
      <FeedAddressDialog url={shownUrl} onClose={() => setShownUrl(null)} />
    </DutyPart>
  );
}

/** Every half hour of the day, and a time saved otherwise (over the API) in its place. */
function timeChoices(current: string): string[] {
  const choices = Array.from({ length: 48 }, (_, index) => `${String(Math.floor(index / 2)).padStart(2, '0')}:${index % 2 === 0 ? '00' : '30'}`);
  return choices.includes(current) || !REMINDER_TIME_PATTERN.test(current) ? choices : [...choices, current].sort();
}

interface ReminderValues {
  on: boolean;
  time: string;
}

const toReminderInput = (values: ReminderValues) => ({ time: values.on ? values.time : null });

function ReminderForm({ settings }: { settings: DutySettings }) {
  const utils = trpc.useUtils();
  const form = useSchemaForm(reminderInput, (): ReminderValues => ({ on: settings.reminder_time !== null, time: settings.reminder_time ?? '18:00' }), toReminderInput);
  useUnsavedChanges(form.changed);
  const save = trpc.duties.setReminder.useMutation(form.mutationOptions('Fehler beim Speichern der Erinnerung', () => void utils.duties.settings.invalidate()));
  const submit = form.onSubmit((input) => save.mutate(input), { disabled: save.isPending });
  const error = form.errorOf('time');
  return (
    <DutyPart id="account-duties-reminder" title="Erinnerung per E-Mail" form={submit}>
      <Typography variant="body2" sx={{ mb: 1 }}>
        Auf Wunsch schickt dir die Website am Tag vor jedem Dienst eine E-Mail, zu der Uhrzeit, die du hier wählst.
      </Typography>
      {!settings.has_email && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Für Erinnerungen brauchst du eine gültige E-Mail-Adresse. Trage sie oben bei deinen Daten ein.
        </Alert>
      )}
      <FormControlLabel
        control={<Checkbox checked={form.values.on} onChange={(event) => form.setField('on', event.target.checked)} />}
        label="Am Tag vor jedem Dienst erinnern"
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1, alignItems: { sm: 'flex-start' } }}>
        <TextField
          select
          label="Erinnerung am Vortag um"
          value={form.values.time}
          onChange={(event) => form.setField('time', event.target.value)}
          disabled={!form.values.on}
          error={error !== undefined}
          helperText={error}
          // The phone's own picker; a time input would follow the device's 12/24-hour setting.
          slotProps={{ select: { native: true } }}
          sx={{ minWidth: 200 }}
        >
          {timeChoices(form.values.time).map((time) => (
            <option key={time} value={time}>
              {time} Uhr
            </option>
          ))}
        </TextField>
        <Button type="submit" variant="contained" loading={save.isPending} sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}>
          Erinnerung speichern
        </Button>
      </Stack>
    </DutyPart>
  );
}

/** 'Erinnerung per E-Mail': off by default; a time of day for a mail the day before each duty. */
export function DutyReminder() {
  const settings = trpc.duties.settings.useQuery(undefined, { meta: { errorPrefix: 'Fehler beim Abrufen deiner Einstellungen zu den Diensten' } });
  if (!settings.data) return null;
  // A saved change starts the form over from what the server keeps.
  return <ReminderForm key={`${settings.data.reminder_time}`} settings={settings.data} />;
}
