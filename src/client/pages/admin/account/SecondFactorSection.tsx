import SecurityIcon from '@mui/icons-material/Security';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { secondFactorConfirmForm, currentPasswordForm } from '../../../../shared/schemas/secondFactor.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { useDialogState } from '../../../components/useDialogState.ts';
import { textFieldProps, useSchemaForm } from '../../../components/useSchemaForm.ts';
import { trpc } from '../../../trpc.ts';
import { CurrentPasswordField } from './AccountDialogs.tsx';
import { RecoveryCodesDialog } from './RecoveryCodesDialog.tsx';

interface Setup {
  secret: string;
  uri: string;
}

/** The key in groups of four, as apps ask for it when it is typed. */
export function groupedKey(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

/**
 * The QR code of the otpauth:// address, drawn in the browser: the key goes to no one else.
 * The library arrives only here, when a member sets the factor up.
 */
function QrCode({ uri }: { uri: string }) {
  const [image, setImage] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    import('qrcode')
      // A CommonJS package: its functions sit on the default export.
      .then((module) => module.default.toDataURL(uri, { margin: 1, width: 200, errorCorrectionLevel: 'M' }))
      .then(
        (dataUrl) => {
          if (current) setImage(dataUrl);
        },
        () => {
          if (current) setFailed(true);
        },
      );
    return () => {
      current = false;
    };
  }, [uri]);
  if (failed) return <Alert severity="warning">Der QR-Code konnte nicht gezeichnet werden. Bitte gib den Schlüssel von Hand ein.</Alert>;
  return (
    <Box sx={{ width: 200, height: 200, mx: 'auto', my: 1 }}>
      {image && <img src={image} width={200} height={200} alt="QR-Code für die Authenticator-App" />}
    </Box>
  );
}

interface SetupDialogProps {
  setup: Setup;
  open: boolean;
  onClose: () => void;
  onConfirmed: (codes: string[]) => void;
}

/** Scan or type the key, then confirm with the app's first code and the current password. */
function SetupDialog({ setup, open, onClose, onConfirmed }: SetupDialogProps) {
  const form = useSchemaForm(secondFactorConfirmForm, () => ({ code: '', current_password: '' }));
  const confirm = trpc.secondFactor.confirm.useMutation(form.mutationOptions('Fehler beim Einschalten des zweiten Faktors', ({ data }) => onConfirmed(data.recovery_codes)));
  const submit = form.onSubmit((_parsed, values) => confirm.mutate(values));
  return (
    <FormDialog open={open} title="Zweiten Faktor einrichten" busy={confirm.isPending} onClose={onClose} unsaved={form.changed} onSubmit={submit} submitLabel="Einschalten">
      <Typography variant="body2">
        1. Scanne den QR-Code mit einer Authenticator-App (z. B. Aegis, FreeOTP, Google oder Microsoft Authenticator) oder gib den Schlüssel von
        Hand ein.
      </Typography>
      <QrCode uri={setup.uri} />
      <Typography variant="body2" component="div">
        Schlüssel zum Abtippen:{' '}
        <Box component="code" data-testid="totp-secret" sx={{ fontFamily: 'monospace', fontSize: '1rem', wordBreak: 'normal' }}>
          {groupedKey(setup.secret)}
        </Box>
      </Typography>
      <Typography variant="body2" sx={{ mt: 2 }}>
        2. Gib zur Bestätigung den Code ein, den die App jetzt zeigt, und dein aktuelles Passwort.
      </Typography>
      <TextField
        label="Code aus der App"
        {...textFieldProps(form, 'code')}
        slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code' } }}
        required
        fullWidth
        margin="dense"
        autoFocus
      />
      <CurrentPasswordField {...textFieldProps(form, 'current_password')} />
    </FormDialog>
  );
}

/** Ten new recovery codes for the current password; the old ones stop working. */
function NewCodesDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (codes: string[]) => void }) {
  const form = useSchemaForm(currentPasswordForm, () => ({ current_password: '' }));
  const create = trpc.secondFactor.newRecoveryCodes.useMutation(
    form.mutationOptions('Fehler beim Erzeugen der Wiederherstellungscodes', ({ data }) => onCreated(data.recovery_codes)),
  );
  const submit = form.onSubmit((_parsed, values) => create.mutate(values));
  return (
    <FormDialog open={open} title="Neue Wiederherstellungscodes" busy={create.isPending} onClose={onClose} unsaved={form.changed} onSubmit={submit} submitLabel="Erzeugen">
      <Typography variant="body2">Die bisherigen Wiederherstellungscodes gelten danach nicht mehr. Bitte bestätige mit deinem aktuellen Passwort.</Typography>
      <CurrentPasswordField {...textFieldProps(form, 'current_password')} autoFocus />
    </FormDialog>
  );
}

function DisableDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const utils = trpc.useUtils();
  const form = useSchemaForm(currentPasswordForm, () => ({ current_password: '' }));
  const disable = trpc.secondFactor.disable.useMutation(
    form.mutationOptions('Fehler beim Ausschalten des zweiten Faktors', () => {
      void utils.secondFactor.status.invalidate();
      void utils.auth.session.invalidate();
      onClose();
    }),
  );
  const submit = form.onSubmit((_parsed, values) => disable.mutate(values));
  return (
    <FormDialog open={open} title="Zweiten Faktor ausschalten" busy={disable.isPending} onClose={onClose} unsaved={form.changed} onSubmit={submit} submitLabel="Ausschalten">
      <Typography variant="body2">
        Ohne zweiten Faktor genügt wieder das Passwort zur Anmeldung. Deine Wiederherstellungscodes verfallen. Bitte bestätige mit deinem
        aktuellen Passwort.
      </Typography>
      <CurrentPasswordField {...textFieldProps(form, 'current_password')} autoFocus />
    </FormDialog>
  );
}

/**
 * Zweiter Faktor on Meine Daten (README „Zweiter Faktor und App-Passwörter“): switched on
 * with an authenticator app, confirmed with its first code, ten recovery codes shown once.
 */
export function SecondFactorSection() {
  const utils = trpc.useUtils();
  const status = trpc.secondFactor.status.useQuery(undefined, { meta: { errorPrefix: 'Fehler beim Abrufen des zweiten Faktors' } });
  const setupDialog = useDialogState<Setup>();
  const [codes, setCodes] = useState<string[] | null>(null);
  const disableDialog = useDialogState<null>();
  const newCodesDialog = useDialogState<null>();
  const begin = trpc.secondFactor.begin.useMutation({
    meta: { errorPrefix: 'Fehler beim Einrichten des zweiten Faktors', successMessage: false },
    onSuccess: ({ data }) => setupDialog.show(data),
  });

  const enabled = status.data?.enabled ?? false;
  const required = status.data?.required ?? false;
  let text = 'Der zweite Faktor ist ausgeschaltet. Mit ihm fragt die Anmeldung nach dem Passwort zusätzlich nach einem Code aus einer Authenticator-App auf deinem Telefon.';
  if (enabled) {
    const left = status.data?.recovery_codes_left ?? 0;
    text = `Der zweite Faktor ist eingeschaltet. Du hast noch ${left} ${left === 1 ? 'Wiederherstellungscode' : 'Wiederherstellungscodes'}.`;
  }

  return (
    <Paper variant="outlined" component="section" aria-labelledby="account-second-factor-heading" sx={{ p: { xs: 2, sm: 3 }, mt: 3, maxWidth: 800 }}>
      <Typography id="account-second-factor-heading" variant="h6" component="h2" gutterBottom>
        Zweiter Faktor
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {status.isPending ? 'Wird geladen …' : text}
      </Typography>
      {enabled && required && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Deine Gruppe verlangt den zweiten Faktor; er kann nicht ausgeschaltet werden.
        </Typography>
      )}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
        {!enabled && (
          <Button variant="contained" startIcon={<SecurityIcon />} loading={begin.isPending} disabled={status.isPending} onClick={() => begin.mutate()}>
            Zweiten Faktor einrichten
          </Button>
        )}
        {enabled && (
          <Button variant="outlined" onClick={() => newCodesDialog.show(null)}>
            Neue Wiederherstellungscodes
          </Button>
        )}
        {enabled && !required && (
          <Button variant="outlined" onClick={() => disableDialog.show(null)}>
            Zweiten Faktor ausschalten
          </Button>
        )}
      </Stack>
      {setupDialog.item && (
        <SetupDialog
          key={setupDialog.key}
          setup={setupDialog.item}
          open={setupDialog.open}
          onClose={setupDialog.close}
          onConfirmed={(recoveryCodes) => {
            setupDialog.close();
            setCodes(recoveryCodes);
            void utils.secondFactor.status.invalidate();
          }}
        />
      )}
      <RecoveryCodesDialog
        codes={codes}
        onClose={() => {
          setCodes(null);
          // Only now: a member whose group required it reaches the rest of the back office,
          // which replaces this page's content, dialog and all.
          void utils.auth.session.invalidate();
        }}
      />
      <NewCodesDialog
        key={newCodesDialog.key}
        open={newCodesDialog.open}
        onClose={newCodesDialog.close}
        onCreated={(recoveryCodes) => {
          newCodesDialog.close();
          setCodes(recoveryCodes);
          void utils.secondFactor.status.invalidate();
        }}
      />
      <DisableDialog key={disableDialog.key} open={disableDialog.open} onClose={disableDialog.close} />
    </Paper>
  );
}
