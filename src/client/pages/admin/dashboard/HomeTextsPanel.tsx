import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { HOME_CARD_LABELS, type HomeTexts } from '../../../../shared/homeTexts.ts';
import { homeTextsInput } from '../../../../shared/schemas/homeTexts.ts';
import { SaveButton } from '../../../components/EditorCard.tsx';
import { useUnsavedChanges } from '../../../components/unsavedChanges.tsx';
import { fieldErrorsOf } from '../../../errors.ts';
import { trpc } from '../../../trpc.ts';
import { HomeWelcome, SectionCards } from '../../public/HomePage.tsx';
import { PanelStatus, ReadOnlyNote } from './PanelStatus.tsx';

/** The first message per place in the form, by its whole path (`cards.2.text`). */
function messagesOf(texts: HomeTexts): Record<string, string> {
  const result = homeTextsInput.safeParse(texts);
  const messages: Record<string, string> = {};
  if (!result.success) for (const issue of result.error.issues) messages[issue.path.map(String).join('.')] ??= issue.message;
  return messages;
}

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
  const [draft, setDraft] = useState(texts);
  const [dirty, setDirty] = useState(false);
  // Leaving the page with unsaved changes asks first (issue 28.2).
  useUnsavedChanges(dirty);
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  // A fresher answer of the server replaces the form as long as nobody has started editing.
  const [shownTexts, setShownTexts] = useState(texts);
  if (texts !== shownTexts) {
    setShownTexts(texts);
    if (!dirty) setDraft(texts);
  }

  const save = trpc.club.updateHomeTexts.useMutation({
    meta: { errorPrefix: 'Fehler beim Speichern der Texte der Startseite' },
    onSuccess: ({ data }) => {
      setDraft(data);
      setDirty(false);
      setAttempted(false);
      void utils.club.homeTexts.invalidate();
      void utils.club.home.invalidate();
    },
    onError: (error) => setServerErrors(Object.fromEntries(Object.entries(fieldErrorsOf(error)).map(([path, list]) => [path, list[0] ?? '']))),
  });
  const readOnly = !canUpdate || save.isPending;
  const checked = useMemo(() => homeTextsInput.safeParse(draft), [draft]);
  const clientErrors = attempted ? messagesOf(draft) : {};
  // While a field is wrong the preview shows the saved version.
  const preview = checked.success ? checked.data : texts;

  const change = (update: (previous: HomeTexts) => HomeTexts, path: string) => {
    setDraft(update);
    setDirty(true);
    setServerErrors((previous) => {
      if (previous[path] === undefined) return previous;
      const { [path]: _dropped, ...rest } = previous;
      return rest;
    });
  };

  const field = (label: string, path: string, value: string, set: (value: string) => void, options: { required?: boolean; multiline?: boolean } = {}) => {
    const error = clientErrors[path] ?? serverErrors[path];
    return (
      <TextField
        label={label}
        value={value}
        onChange={(event) => set(event.target.value)}
        error={error !== undefined}
        helperText={error}
        required={options.required}
        multiline={options.multiline}
        minRows={options.multiline ? 3 : undefined}
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
        aria-label="Startseite"
        sx={{ display: 'grid', gap: 2 }}
        onSubmit={(event) => {
          event.preventDefault();
          if (readOnly) return;
          setAttempted(true);
          setServerErrors({});
          const result = homeTextsInput.safeParse(draft);
          if (result.success) save.mutate(result.data);
        }}
      >
        {!canUpdate && <ReadOnlyNote />}
        {field('Begrüßung', 'greeting', draft.greeting, (value) => change((previous) => ({ ...previous, greeting: value }), 'greeting'))}
        {field('Willkommenstext', 'welcome', draft.welcome, (value) => change((previous) => ({ ...previous, welcome: value }), 'welcome'), { required: true, multiline: true })}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
          {draft.cards.map((card, index) => {
            const set = (part: 'title' | 'text') => (value: string) =>
              change((previous) => ({ ...previous, cards: previous.cards.map((entry, at) => (at === index ? { ...entry, [part]: value } : entry)) }), `cards.${index}.${part}`);
            return (
              <Paper key={card.path} variant="outlined" component="fieldset" sx={{ p: 2, m: 0, minWidth: 0, display: 'grid', gap: 2 }}>
                <Typography variant="subtitle1" component="legend" sx={{ px: 0.5 }}>
                  {HOME_CARD_LABELS[card.path]} (führt zu {card.path})
                </Typography>
                {field('Titel', `cards.${index}.title`, card.title, set('title'), { required: true })}
                {field('Text', `cards.${index}.text`, card.text, set('text'), { required: true, multiline: true })}
              </Paper>
            );
          })}
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
