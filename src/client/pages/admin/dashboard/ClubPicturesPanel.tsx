import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { z } from 'zod';
import { CLUB_PICTURE_MESSAGES, HOME_PICTURE_MIN_WIDTH, PICTURE_ALT_MAX, type ClubLogo, type ClubPictures, type HomePicture } from '../../../../shared/clubPictures.ts';
import { pictureAlt } from '../../../../shared/schemas/clubPictures.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { FileDropZone } from '../../../components/FileDropZone.tsx';
import { textFieldProps, useSchemaForm } from '../../../components/useSchemaForm.ts';
import { useUpload } from '../../../components/useUpload.ts';
import { trpc } from '../../../trpc.ts';
import { HomeHeaderPicture } from '../../public/HomePage.tsx';
import { PanelStatus } from './PanelStatus.tsx';

/** What the choosers offer; the server checks the content itself (SVG could carry scripts). */
const LOGO_TYPES = 'image/png,image/jpeg,image/webp,image/gif';
const PICTURE_TYPES = 'image/jpeg,image/png,image/webp,image/gif,image/heic,image/heif';

/** The answer of every save: the pictures as they are now. */
type Saved = { message: string; data: ClubPictures };

/** Both the back office's and the public pages' reads show the change at once. */
function useRefresh() {
  const utils = trpc.useUtils();
  return () => {
    void utils.club.pictureSettings.invalidate();
    void utils.club.pictures.invalidate();
  };
}

/**
 * Panel 'Logo und Titelbild' (issue 26.3): the club's logo (header, browser tab, home
 * screen, link previews) and the home page's wide picture with its description, uploaded
 * through the site's upload dialog, previewed as the pages show them, and removed after
 * Ja/Nein (dashboard_update). Read-only for members with dashboard_view alone.
 */
export function ClubPicturesPanel({ canUpdate }: { canUpdate: boolean }) {
  const pictures = trpc.club.pictureSettings.useQuery(undefined, { meta: { errorPrefix: 'Fehler beim Abrufen von Logo und Titelbild' } });
  if (!pictures.data) return <PanelStatus query={pictures} />;
  return (
    <Box sx={{ display: 'grid', gap: 4 }}>
      {!canUpdate && <Alert severity="info">Du kannst Logo und Titelbild ansehen, aber zum Ändern fehlt dir die Berechtigung.</Alert>}
      <LogoSection logo={pictures.data.logo} canUpdate={canUpdate} />
      {/* A new or removed picture starts the form afresh with its description. */}
      <HomePictureSection key={pictures.data.home?.preview.url ?? 'none'} picture={pictures.data.home} canUpdate={canUpdate} />
    </Box>
  );
}

/** 'Entfernen' with Ja/Nein, for the logo or the home picture. */
function RemoveButton({ role, label, question, disabled }: { role: 'logo' | 'home'; label: string; question: string; disabled: boolean }) {
  const refresh = useRefresh();
  const [asking, setAsking] = useState(false);
  const remove = trpc.club.removePicture.useMutation({
    meta: { errorPrefix: `Fehler beim Entfernen (${label})` },
    onSuccess: refresh,
    onSettled: () => setAsking(false),
  });
  return (
    <>
      <Button variant="outlined" color="error" disabled={disabled} onClick={() => setAsking(true)}>
        {label} entfernen
      </Button>
      <ConfirmDialog
        open={asking}
        title={`${label} entfernen?`}
        text={question}
        busy={remove.isPending}
        onConfirm={() => remove.mutate({ role })}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}

function LogoSection({ logo, canUpdate }: { logo: ClubLogo | null; canUpdate: boolean }) {
  const refresh = useRefresh();
  const [error, setError] = useState<string | undefined>();
  const upload = useUpload<Saved>({
    errorPrefix: 'Fehler beim Hochladen des Logos',
    onSuccess: () => {
      setError(undefined);
      refresh();
    },
    onError: (failure) => setError(failure.fieldErrors.file?.[0] ?? failure.message),
  });
  const send = (file: File) => {
    const body = new FormData();
    body.append('file', file);
    void upload.start('/api/club/logo', body, 'Logo wird hochgeladen');
  };
  return (
    <Box component="section" aria-labelledby="club-logo-heading" sx={{ display: 'grid', gap: 1.5 }}>
      <Typography id="club-logo-heading" component="h3" variant="subtitle1" sx={{ fontWeight: 500 }}>
        Logo
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Erscheint in der Kopfzeile jeder Seite vor dem Vereinsnamen, als Symbol im Browser-Tab und auf dem Startbildschirm von Handys sowie in der
        Vorschau geteilter Links. Am besten quadratisch oder quer, mit durchsichtigem Hintergrund; PNG, JPEG, WebP oder GIF, höchstens 5 MB.
      </Typography>
      {logo ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
          {/* As the header shows it: on the bar's green. */}
          <Box sx={{ bgcolor: 'primary.main', borderRadius: 1, px: 2, py: 1 }}>
            <Box component="img" src={logo.header2x.url} width={logo.header.width} height={logo.header.height} alt="Vorschau des Logos in der Kopfzeile" sx={{ display: 'block', height: 40, width: 'auto' }} />
          </Box>
          <Box component="img" src={logo.icon192.url} width={64} height={64} alt="Vorschau des Logos als Symbol" sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }} />
        </Box>
      ) : (
        <Typography variant="body2">Kein Logo hochgeladen: die Website zeigt ihr eigenes Zeichen.</Typography>
      )}
      {canUpdate && (
        <>
          <FileDropZone
            accept={LOGO_TYPES}
            label="Logo"
            buttonLabel={logo ? 'Neues Logo auswählen' : 'Logo auswählen'}
            hint="Bild (PNG, JPEG, WebP, GIF) hierher ziehen oder"
            disabled={upload.busy}
            onFiles={([file]) => file && send(file)}
          />
          {error && <FormHelperText error>{error}</FormHelperText>}
          {logo && (
            <Box>
              <RemoveButton role="logo" label="Logo" question="Soll das Logo wirklich entfernt werden? Die Website zeigt dann wieder ihr eigenes Zeichen." disabled={upload.busy} />
            </Box>
          )}
        </>
      )}
      {upload.dialog}
    </Box>
  );
}

/** The description is required; the chosen file only where there is no picture yet (otherwise the description alone may be saved). */
const homePictureForm = z.object({ alt: pictureAlt, file: z.custom<File | null>((value) => value === null || value instanceof File) });

function HomePictureSection({ picture, canUpdate }: { picture: HomePicture | null; canUpdate: boolean }) {
  const refresh = useRefresh();
  const form = useSchemaForm(homePictureForm, { alt: picture?.alt ?? '', file: null as File | null });
  const [fileError, setFileError] = useState<string | undefined>();
  const chosen = form.values.file;

  const afterSave = (data: ClubPictures) => {
    form.reset({ alt: data.home?.alt ?? '', file: null });
    setFileError(undefined);
    refresh();
  };
  const upload = useUpload<Saved>({
    errorPrefix: 'Fehler beim Hochladen des Titelbilds',
    onSuccess: ({ data }) => afterSave(data),
    onError: (failure) => {
      form.showServerErrors(failure);
      setFileError(failure.fieldErrors.file?.[0]);
    },
  });
  const saveAlt = trpc.club.updateHomePictureAlt.useMutation(form.mutationOptions<Saved>('Fehler beim Speichern der Bildbeschreibung', ({ data }) => afterSave(data)));
  const busy = upload.busy || saveAlt.isPending;

  const submit = form.onSubmit(
    (input) => {
      if (input.file) {
        const body = new FormData();
        // The description first: the server checks it before it stores a byte of the picture.
        body.append('alt', input.alt);
        body.append('file', input.file);
        void upload.start('/api/club/picture', body, 'Titelbild wird hochgeladen');
      } else if (picture) saveAlt.mutate({ alt: input.alt });
      else setFileError(CLUB_PICTURE_MESSAGES.missingPicture);
    },
    { disabled: !canUpdate || busy },
  );

  return (
    <Box component="section" aria-labelledby="home-picture-heading" sx={{ display: 'grid', gap: 1.5 }}>
      <Typography id="home-picture-heading" component="h3" variant="subtitle1" sx={{ fontWeight: 500 }}>
        Titelbild der Startseite
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Erscheint breit oben auf der Startseite (auf Handys im Format 16:9, sonst 3:1 zugeschnitten) und in der Vorschau geteilter Links. JPEG, PNG,
        WebP, GIF oder HEIC, mindestens {HOME_PICTURE_MIN_WIDTH} Pixel breit, höchstens 25 MB.
      </Typography>
      {picture ? (
        <Box sx={{ maxWidth: 720 }}>
          <HomeHeaderPicture picture={picture} />
        </Box>
      ) : (
        <Typography variant="body2">Kein Titelbild hochgeladen: die Startseite beginnt mit ihrer Überschrift.</Typography>
      )}
      <Box component="form" noValidate onSubmit={submit} aria-label="Titelbild" sx={{ display: 'grid', gap: 2 }}>
        <TextField
          label="Bildbeschreibung (Alternativtext)"
          required
          {...textFieldProps(form, 'alt')}
          helperText={form.errorOf('alt') ?? `Was auf dem Bild zu sehen ist, für Menschen, die es nicht sehen können; höchstens ${PICTURE_ALT_MAX} Zeichen.`}
          slotProps={{ htmlInput: { readOnly: !canUpdate } }}
          disabled={busy}
        />
        {canUpdate && (
          <>
            <Box>
              <FileDropZone
                accept={PICTURE_TYPES}
                label="Titelbild"
                buttonLabel={picture ? 'Neues Titelbild auswählen' : 'Titelbild auswählen'}
                hint="Bild (JPEG, PNG, WebP, GIF, HEIC) hierher ziehen oder"
                disabled={busy}
                onFiles={([file]) => {
                  form.setField('file', file ?? null);
                  setFileError(undefined);
                }}
              />
              {chosen && (
                <Typography variant="body2" sx={{ mt: 1 }}>
                  Gewählt: {chosen.name}
                </Typography>
              )}
              {fileError && <FormHelperText error>{fileError}</FormHelperText>}
            </Box>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'flex-end' }}>
              {picture && <RemoveButton role="home" label="Titelbild" question="Soll das Titelbild wirklich entfernt werden?" disabled={busy} />}
              <Button type="submit" variant="contained" loading={busy}>
                {chosen || !picture ? 'Titelbild hochladen' : 'Bildbeschreibung speichern'}
              </Button>
            </Box>
          </>
        )}
      </Box>
      {upload.dialog}
    </Box>
  );
}
