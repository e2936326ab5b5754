import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { HOME_CARD_LABELS, type HomeTexts } from '../../../../shared/homeTexts.ts';
import { homeTextsInput } from '../../../../shared/schemas/homeTexts.ts';
import { SaveButton } from '../../../components/EditorCard.tsx';
import { textFieldPropsAt, useRecordForm, type TextPath } from '../../../components/useSchemaForm.ts';
import { trpc } from '../../../trpc.ts';
import { HomeWelcome, SectionCards } from '../../public/HomePage.tsx';
import { PanelStatus, ReadOnlyNote } from './PanelStatus.tsx';

/** The form holds the record as it is: all its values are text already. */
const valuesOf = (texts: HomeTexts): HomeTexts => texts;

/**
 * Panel 'Startseite' (issue 26.1): the home page's greeting, welcome text and the title
 * and text of each card, saved together (dashboard_update), with the home page's own
 * components as preview. Read-only for members with dashboard_view alone.
 */
export function HomeTextsPanel({ canUpdate }: { canUpdate: boolean }) {
  const texts = trpc.club.homeTexts.useQuery(undefined, { meta: { errorPrefix: 'Fehler beim Abrufen der Texte der Startseite' } });
  if (!texts.data) return <PanelStatus query={texts} />;
  return <HomeTextsForm texts={texts.data} canUpdate={canUpdate} />;
}

function HomeTextsForm({ texts, canUpdate }: { texts: HomeTexts; canUpdate: boolean }) {
  const utils = trpc.useUtils();
  // The shared form hook: messages under each card's field, the server's refusals, a fresher
  // answer while nobody edits, and unsaved changes held (issue 28.2).
  const form = useRecordForm(homeTextsInput, texts, valuesOf);
  const save = trpc.club.updateHomeTexts.useMutation(
    form.mutationOptions('Fehler beim Speichern der Texte der Startseite', ({ data }: { data: HomeTexts }) => {
      form.reset(valuesOf(data));
      void utils.club.homeTexts.invalidate();
      void utils.club.home.invalidate();
    }),
  );
  const readOnly = !canUpdate || save.isPending;
  const submit = form.onSubmit((input) => save.mutate(input), { disabled: readOnly });
  // While a field is wrong the preview shows the saved version.
  const checked = useMemo(() => homeTextsInput.safeParse(form.values), [form.values]);
  const preview = checked.success ? checked.data : texts;

  const field = (label: string, path: TextPath<HomeTexts>, options: { required?: boolean; multiline?: boolean } = {}) => (
    <TextField
      label={label}
      {...textFieldPropsAt(form, path)}
      required={options.required}
      multiline={options.multiline}
      minRows={options.multiline ? 3 : undefined}
      autoComplete="off"
      fullWidth
      slotProps={{ input: { readOnly } }}
    />
  );

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box component="form" noValidate aria-label="Startseite" sx={{ display: 'grid', gap: 2 }} onSubmit={submit}>
        {!canUpdate && <ReadOnlyNote />}
        {field('Begrüßung', 'greeting')}
        {field('Willkommenstext', 'welcome', { required: true, multiline: true })}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
          {form.values.cards.map((card, index) => (
            <Paper key={card.path} variant="outlined" component="fieldset" sx={{ p: 2, m: 0, minWidth: 0, display: 'grid', gap: 2 }}>
              <Typography variant="subtitle1" component="legend" sx={{ px: 0.5 }}>
                {HOME_CARD_LABELS[card.path]} (führt zu {card.path})
              </Typography>
              {field('Titel', `cards.${index}.title`, { required: true })}
              {field('Text', `cards.${index}.text`, { required: true, multiline: true })}
            </Paper>
          ))}
        </Box>
        {canUpdate && <SaveButton saving={save.isPending} spacing={0} />}
      </Box>
      <Paper variant="outlined" component="section" aria-label="Vorschau der Startseite" sx={{ p: 2, minWidth: 0 }}>
        <Typography variant="subtitle1" component="p" sx={{ mb: 2 }}>
          Vorschau: so zeigt die Startseite diese Texte{checked.success ? '' : ' (der gespeicherte Stand, bis alle Angaben gültig sind)'}.
        </Typography>
        <HomeWelcome texts={preview} />
        <SectionCards cards={preview.cards} />
      </Paper>
    </Box>
  );
}
