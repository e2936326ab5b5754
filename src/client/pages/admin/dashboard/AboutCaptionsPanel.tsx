import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { ABOUT_DRAWING_LABELS, type AboutCaption } from '../../../../shared/aboutSlides.ts';
import { aboutCaptionsInput } from '../../../../shared/schemas/aboutSlides.ts';
import { Carousel } from '../../../components/Carousel.tsx';
import { SaveButton } from '../../../components/EditorCard.tsx';
import { useUnsavedChanges } from '../../../components/unsavedChanges.tsx';
import { fieldErrorsOf } from '../../../errors.ts';
import { trpc } from '../../../trpc.ts';
import { drawingSlides } from '../../public/AboutPage.tsx';
import { PanelStatus, ReadOnlyNote } from './PanelStatus.tsx';

interface Captions {
  captions: AboutCaption[];
}

/** The first message per place in the form, by its whole path (`captions.1.caption`). */
function messagesOf(values: Captions): Record<string, string> {
  const result = aboutCaptionsInput.safeParse(values);
  const messages: Record<string, string> = {};
  if (!result.success) for (const issue of result.error.issues) messages[issue.path.map(String).join('.')] ??= issue.message;
  return messages;
}

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
  const [draft, setDraft] = useState(saved);
  const [dirty, setDirty] = useState(false);
  // Leaving the page with unsaved changes asks first (issue 28.2).
  useUnsavedChanges(dirty);
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  // A fresher answer of the server replaces the form as long as nobody has started editing.
  const [shown, setShown] = useState(saved);
  if (saved !== shown) {
    setShown(saved);
    if (!dirty) setDraft(saved);
  }

  const save = trpc.club.updateAboutCaptions.useMutation({
    meta: { errorPrefix: 'Fehler beim Speichern der Bildunterschriften' },
    onSuccess: ({ data }) => {
      setDraft(data);
      setDirty(false);
      setAttempted(false);
      void utils.club.aboutCaptions.invalidate();
      void utils.club.about.invalidate();
    },
    onError: (error) => setServerErrors(Object.fromEntries(Object.entries(fieldErrorsOf(error)).map(([path, list]) => [path, list[0] ?? '']))),
  });
  const readOnly = !canUpdate || save.isPending;
  const checked = useMemo(() => aboutCaptionsInput.safeParse(draft), [draft]);
  const clientErrors = attempted ? messagesOf(draft) : {};
  // While a field is wrong the preview shows the saved version.
  const preview = checked.success ? checked.data : saved;

  const set = (index: number, part: 'title' | 'caption') => (value: string) => {
    const path = `captions.${index}.${part}`;
    setDraft((previous) => ({ captions: previous.captions.map((entry, at) => (at === index ? { ...entry, [part]: value } : entry)) }));
    setDirty(true);
    setServerErrors((previous) => {
      if (previous[path] === undefined) return previous;
      const { [path]: _dropped, ...rest } = previous;
      return rest;
    });
  };

  const field = (label: string, path: string, value: string, onChange: (value: string) => void) => {
    const error = clientErrors[path] ?? serverErrors[path];
    return (
      <TextField
        label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        error={error !== undefined}
        helperText={error}
        required
        autoComplete="off"
        fullWidth
        slotProps={{ input: { readOnly } }}
      />
    );
  };

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box
        component="form"
        noValidate
        aria-label="Über uns: Bildunterschriften"
        sx={{ display: 'grid', gap: 2 }}
        onSubmit={(event) => {
          event.preventDefault();
          if (readOnly) return;
          setAttempted(true);
          setServerErrors({});
          const result = aboutCaptionsInput.safeParse(draft);
          if (result.success) save.mutate(result.data);
        }}
      >
        {!canUpdate && <ReadOnlyNote />}
        <Typography variant="body2" color="text.secondary">
          Die Zeichnungen erscheinen auf „Über uns“, solange die Galerie „Verein“ noch keine Bilder hat; danach zeigt das Karussell die neuesten Bilder mit ihren eigenen Titeln.
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
          {draft.captions.map((entry, index) => (
            <Paper key={entry.slide} variant="outlined" component="fieldset" sx={{ p: 2, m: 0, minWidth: 0, display: 'grid', gap: 2 }}>
              <Typography variant="subtitle1" component="legend" sx={{ px: 0.5 }}>
                {ABOUT_DRAWING_LABELS[entry.slide]}
              </Typography>
              {field('Titel', `captions.${index}.title`, entry.title, set(index, 'title'))}
              {field('Bildunterschrift', `captions.${index}.caption`, entry.caption, set(index, 'caption'))}
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
