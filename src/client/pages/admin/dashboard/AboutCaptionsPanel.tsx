import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { ABOUT_DRAWING_LABELS, type AboutCaption } from '../../../../shared/aboutSlides.ts';
import { aboutCaptionsInput } from '../../../../shared/schemas/aboutSlides.ts';
import { Carousel } from '../../../components/Carousel.tsx';
import { SaveButton } from '../../../components/EditorCard.tsx';
import { textFieldPropsAt, useRecordForm, type TextPath } from '../../../components/useSchemaForm.ts';
import { trpc } from '../../../trpc.ts';
import { drawingSlides } from '../../public/AboutPage.tsx';
import { PanelStatus, ReadOnlyNote } from './PanelStatus.tsx';

interface Captions {
  captions: AboutCaption[];
}

/** The form holds the record as it is: all its values are text already. */
const valuesOf = (saved: Captions): Captions => saved;

/**
 * Panel 'Über uns: Bildunterschriften' (issue 26.1): title and caption of each drawing of
 * the About carousel, saved together (dashboard_update), with the page's own carousel as
 * preview. Read-only for members with dashboard_view alone.
 */
export function AboutCaptionsPanel({ canUpdate }: { canUpdate: boolean }) {
  const captions = trpc.club.aboutCaptions.useQuery(undefined, { meta: { errorPrefix: 'Fehler beim Abrufen der Bildunterschriften' } });
  if (!captions.data) return <PanelStatus query={captions} />;
  return <AboutCaptionsForm saved={captions.data} canUpdate={canUpdate} />;
}

function AboutCaptionsForm({ saved, canUpdate }: { saved: Captions; canUpdate: boolean }) {
  const utils = trpc.useUtils();
  // The shared form hook: messages under each drawing's field, the server's refusals, a fresher
  // answer while nobody edits, and unsaved changes held (issue 28.2).
  const form = useRecordForm(aboutCaptionsInput, saved, valuesOf);
  const save = trpc.club.updateAboutCaptions.useMutation(
    form.mutationOptions('Fehler beim Speichern der Bildunterschriften', ({ data }: { data: Captions }) => {
      form.reset(valuesOf(data));
      void utils.club.aboutCaptions.invalidate();
      void utils.club.about.invalidate();
    }),
  );
  const readOnly = !canUpdate || save.isPending;
  const submit = form.onSubmit((input) => save.mutate(input), { disabled: readOnly });
  // While a field is wrong the preview shows the saved version.
  const checked = useMemo(() => aboutCaptionsInput.safeParse(form.values), [form.values]);
  const preview = checked.success ? checked.data : saved;

  const field = (label: string, path: TextPath<Captions>) => (
    <TextField label={label} {...textFieldPropsAt(form, path)} required autoComplete="off" fullWidth slotProps={{ input: { readOnly } }} />
  );

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box component="form" noValidate aria-label="Über uns: Bildunterschriften" sx={{ display: 'grid', gap: 2 }} onSubmit={submit}>
        {!canUpdate && <ReadOnlyNote />}
        <Typography variant="body2" color="text.secondary">
          Die Zeichnungen erscheinen auf „Über uns“, solange die Galerie „Verein“ noch keine Bilder hat; danach zeigt das Karussell die neuesten Bilder mit ihren eigenen Titeln.
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
          {form.values.captions.map((entry, index) => (
            <Paper key={entry.slide} variant="outlined" component="fieldset" sx={{ p: 2, m: 0, minWidth: 0, display: 'grid', gap: 2 }}>
              <Typography variant="subtitle1" component="legend" sx={{ px: 0.5 }}>
                {ABOUT_DRAWING_LABELS[entry.slide]}
              </Typography>
              {field('Titel', `captions.${index}.title`)}
              {field('Bildunterschrift', `captions.${index}.caption`)}
            </Paper>
          ))}
        </Box>
        {canUpdate && <SaveButton saving={save.isPending} spacing={0} />}
      </Box>
      <Paper variant="outlined" component="section" aria-label="Vorschau der Bildunterschriften" sx={{ p: 2, minWidth: 0 }}>
        <Typography variant="subtitle1" component="p" sx={{ mb: 2 }}>
          Vorschau: so zeigt „Über uns“ die Zeichnungen{checked.success ? '' : ' (der gespeicherte Stand, bis alle Angaben gültig sind)'}.
        </Typography>
        <Carousel label="Vorschau: Bilder aus dem Verein" slides={drawingSlides(preview.captions)} />
      </Paper>
    </Box>
  );
}
