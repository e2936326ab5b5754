import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { SECTIONS, type Section } from '../../../../shared/constants.ts';
import { formatGermanDateTime, toClubDateTime } from '../../../../shared/dates.ts';
import {
  NEWS_STATE_LABELS,
  NEWS_TEASER_MAX,
  NEWS_TITLE_MAX,
  newsSectionLabel,
  type NewsArticle,
  type NewsPicture,
  type NewsState,
  type PublicNewsArticleWithBody,
} from '../../../../shared/news.ts';
import { EMPTY_NEWS_DOCUMENT, type NewsDocument } from '../../../../shared/newsDocument.ts';
import { newsSaveInput } from '../../../../shared/schemas/news.ts';
import { TitledDialog } from '../../../components/TitledDialog.tsx';
import type { DialogState } from '../../../components/useDialogState.ts';
import { textFieldProps, useSchemaForm } from '../../../components/useSchemaForm.ts';
import { useUpload } from '../../../components/useUpload.ts';
import { trpc, type RouterOutputs } from '../../../trpc.ts';
import { NewsArticleContent } from '../../public/news/NewsArticleContent.tsx';
import { CoverPicker } from './CoverPicker.tsx';
import { NewsBodyEditor } from './NewsBodyEditor.tsx';
import { NewsMailChoice } from './NewsMailChoice.tsx';

type LinkOptions = RouterOutputs['news']['linkOptions'];

interface ArticleFormValues {
  id: number | undefined;
  title: string;
  teaser: string;
  body: NewsDocument;
  section: Section;
  coverImageId: number | null;
  appointmentId: number | null;
  albumId: number | null;
  state: NewsState;
  /** As the date-time field holds it: `YYYY-MM-DDTHH:mm`. */
  publishAt: string;
  /** 'An Mitglieder senden' (issue 27.4). */
  mailGroupIds: number[];
}

function valuesOf(article: NewsArticle | null): ArticleFormValues {
  return {
    id: article?.id,
    title: article?.title ?? '',
    teaser: article?.teaser ?? '',
    body: article?.body ?? EMPTY_NEWS_DOCUMENT,
    section: article?.section ?? 'club',
    coverImageId: article?.cover?.id ?? null,
    appointmentId: article?.appointmentId ?? null,
    albumId: article?.albumId ?? null,
    state: article?.state ?? 'draft',
    publishAt: article?.state === 'scheduled' && article.publishAt ? article.publishAt.slice(0, 16).replace(' ', 'T') : '',
    mailGroupIds: article?.mailGroupIds ?? [],
  };
}

function toInput({ publishAt, ...values }: ArticleFormValues) {
  return {
    ...values,
    publishAt: values.state === 'scheduled' && publishAt !== '' ? `${publishAt.replace('T', ' ')}:00` : null,
    // A draft mails nobody; the ticks come back with the state.
    mailGroupIds: values.state === 'draft' ? [] : values.mailGroupIds,
  };
}

/** The article as visitors will see it, from what the form holds now. */
function previewOf(values: ArticleFormValues, cover: NewsPicture | null, author: string, options: LinkOptions | undefined): PublicNewsArticleWithBody {
  const publishedAt = values.state === 'scheduled' && values.publishAt !== '' ? `${values.publishAt.replace('T', ' ')}:00` : toClubDateTime(new Date());
  const appointment = options?.appointments.find((entry) => entry.id === values.appointmentId);
  const album = options?.albums.find((entry) => entry.id === values.albumId);
  return {
    id: values.id ?? 0,
    slug: 'vorschau',
    title: values.title,
    teaser: values.teaser,
    section: values.section,
    cover,
    publishedAt,
    updatedAt: publishedAt,
    author,
    appointment: appointment ?? null,
    album: album ?? null,
    body: values.body,
  };
}

export interface NewsArticleDialogProps {
  state: DialogState<NewsArticle>;
  author: string;
  canSave: boolean;
  onSaved: () => void;
}

/** Writing an article (issue 27.1): title, teaser, body, cover, section, links and state, with a preview. */
export function NewsArticleDialog({ state, author, canSave, onSaved }: NewsArticleDialogProps) {
  const article = state.item;
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const form = useSchemaForm(newsSaveInput, () => valuesOf(article), toInput);
  const [cover, setCover] = useState<NewsPicture | null>(article?.cover ?? null);
  const [preview, setPreview] = useState(false);
  const options = trpc.news.linkOptions.useQuery(undefined, { enabled: state.open, meta: { errorPrefix: 'Fehler beim Abrufen der Termine und Alben' } });
  const mailGroups = trpc.news.mailGroups.useQuery(undefined, { enabled: state.open && canSave, meta: { errorPrefix: 'Fehler beim Abrufen der Gruppen' } });
  const upload = useUpload<{ data: NewsPicture }>({ errorPrefix: 'Fehler beim Hochladen des Bildes' });
  const uploadPicture = async (file: File) => {
    const body = new FormData();
    body.append('file', file);
    const outcome = await upload.start('/api/news/pictures', body, `${file.name} wird hochgeladen`);
    return outcome.ok ? outcome.data.data : undefined;
  };
  const saved = form.mutationOptions(article ? 'Fehler beim Speichern des Artikels' : 'Fehler beim Anlegen des Artikels', () => {
    onSaved();
    state.close();
  });
  const create = trpc.news.create.useMutation(saved);
  const update = trpc.news.update.useMutation(saved);
  const busy = create.isPending || update.isPending;
  const submit = form.onSubmit(
    (input) => {
      if (input.id === undefined) create.mutate(input);
      else update.mutate(input);
    },
    { disabled: busy || !canSave },
  );
  const { values } = form;
  const albums = options.data?.albums ?? [];
  const appointments = options.data?.appointments ?? [];

  return (
    <TitledDialog open={state.open} title={article ? 'Artikel bearbeiten' : 'Artikel schreiben'} busy={busy} onClose={state.close} fullWidth maxWidth="md" fullScreen={phone}>
      <form noValidate onSubmit={submit} style={{ display: 'contents' }}>
        <DialogContent>
          {preview ? (
            <Box aria-label="Vorschau" role="region">
              <Typography variant="h4" component="h2" id="news-article-title" gutterBottom>
                {values.title || 'Ohne Titel'}
              </Typography>
              <NewsArticleContent article={previewOf(values, cover, article?.author ?? author, options.data)} />
            </Box>
          ) : (
            <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
              <TextField
                label="Titel"
                required
                autoFocus
                {...textFieldProps(form, 'title')}
                helperText={form.errorOf('title') ?? `Höchstens ${NEWS_TITLE_MAX} Zeichen; die Adresse des Artikels entsteht daraus`}
                disabled={busy}
              />
              <TextField
                label="Anreißer"
                multiline
                minRows={2}
                {...textFieldProps(form, 'teaser')}
                helperText={form.errorOf('teaser') ?? `${values.teaser.length}/${NEWS_TEASER_MAX} Zeichen; steht in Listen, auf der Startseite und in Suchergebnissen`}
                disabled={busy}
              />
              <NewsBodyEditor value={values.body} onChange={(body) => form.setField('body', body)} uploadPicture={uploadPicture} error={form.errorOf('body')} disabled={busy} />
              <CoverPicker
                cover={cover}
                onChange={(picture) => {
                  setCover(picture);
                  form.setField('coverImageId', picture?.id ?? null);
                }}
                uploadPicture={uploadPicture}
                albums={albums}
                disabled={busy || upload.busy}
                error={form.errorOf('coverImageId')}
              />
              <TextField select label="Bereich" value={values.section} onChange={(event) => form.setField('section', event.target.value as Section)} disabled={busy}>
                {SECTIONS.map((section) => (
                  <MenuItem key={section} value={section}>
                    {newsSectionLabel(section)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                label="Termin"
                value={values.appointmentId ?? ''}
                onChange={(event) => form.setField('appointmentId', event.target.value === '' ? null : Number(event.target.value))}
                error={form.errorOf('appointmentId') !== undefined}
                helperText={form.errorOf('appointmentId') ?? 'Optional; der Termin verweist dann auf den Artikel'}
                disabled={busy}
              >
                <MenuItem value="">Kein Termin</MenuItem>
                {appointments.map((appointment) => (
                  <MenuItem key={appointment.id} value={appointment.id}>
                    {formatGermanDateTime(appointment.begin)} – {appointment.name}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                label="Album"
                value={values.albumId ?? ''}
                onChange={(event) => form.setField('albumId', event.target.value === '' ? null : Number(event.target.value))}
                error={form.errorOf('albumId') !== undefined}
                helperText={form.errorOf('albumId') ?? 'Optional; das Album verweist dann auf den Artikel'}
                disabled={busy}
              >
                <MenuItem value="">Kein Album</MenuItem>
                {albums.map((album) => (
                  <MenuItem key={album.id} value={album.id}>
                    {album.name} ({newsSectionLabel(album.section)})
                  </MenuItem>
                ))}
              </TextField>
              <FormControl disabled={busy}>
                <FormLabel id="news-state-label">Status</FormLabel>
                <RadioGroup row aria-labelledby="news-state-label" value={values.state} onChange={(event) => form.setField('state', event.target.value as NewsState)}>
                  <FormControlLabel value="draft" control={<Radio />} label={NEWS_STATE_LABELS.draft} />
                  <FormControlLabel value="published" control={<Radio />} label="Veröffentlichen" />
                  <FormControlLabel value="scheduled" control={<Radio />} label="Zu einem Zeitpunkt veröffentlichen" />
                </RadioGroup>
              </FormControl>
              {values.state === 'scheduled' && (
                <TextField
                  label="Erscheint am"
                  type="datetime-local"
                  value={values.publishAt}
                  onChange={(event) => form.setField('publishAt', event.target.value)}
                  error={form.errorOf('publishAt') !== undefined}
                  helperText={form.errorOf('publishAt') ?? 'Der Artikel erscheint dann von selbst'}
                  slotProps={{ inputLabel: { shrink: true } }}
                  disabled={busy}
                />
              )}
              {values.state !== 'draft' && canSave && (
                <NewsMailChoice
                  groups={mailGroups.data ?? []}
                  value={values.mailGroupIds}
                  onChange={(groupIds) => form.setField('mailGroupIds', groupIds)}
                  mailedCount={article?.mailedCount ?? 0}
                  scheduled={values.state === 'scheduled'}
                  error={form.errorOf('mailGroupIds')}
                  disabled={busy}
                />
              )}
              {article && (
                <Typography variant="body2" color="text.secondary">
                  Autor: {article.author}
                </Typography>
              )}
            </Box>
          )}
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap' }}>
          <Button onClick={() => setPreview((shown) => !shown)} sx={{ mr: 'auto' }}>
            {preview ? 'Bearbeiten' : 'Vorschau'}
          </Button>
          <Button onClick={state.close} disabled={busy}>
            Abbrechen
          </Button>
          <Button type="submit" variant="contained" loading={busy} disabled={!canSave}>
            Speichern
          </Button>
        </DialogActions>
      </form>
      {upload.dialog}
    </TitledDialog>
  );
}
