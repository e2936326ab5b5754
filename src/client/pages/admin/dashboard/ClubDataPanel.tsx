import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { CLUB_DATA_FIELDS, CLUB_DATA_LABELS, CONTACT_ADDRESS_FIELDS, SOCIAL_FIELDS, type ClubData } from '../../../../shared/clubData.ts';
import { SOCIAL_KINDS } from '../../../../shared/clubProfile.ts';
import { CONTACT_RECIPIENTS } from '../../../../shared/constants.ts';
import { clubDataInput } from '../../../../shared/schemas/clubData.ts';
import { formatIban } from '../../../../shared/iban.ts';
import { SaveButton } from '../../../components/EditorCard.tsx';
import { textFieldProps, useRecordForm, type SchemaForm } from '../../../components/useSchemaForm.ts';
import { trpc } from '../../../trpc.ts';
import { PanelStatus, ReadOnlyNote } from './PanelStatus.tsx';

/** The form holds every field as text; the schema reads coordinates from text (`50,55` or `50.55`). */
type ClubDataValues = Record<keyof ClubData, string>;

/** Coordinates with a decimal comma, as the members type them. */
function coordinateText(value: number | null): string {
  return value === null ? '' : String(value).replace('.', ',');
}

function valuesOf(data: ClubData): ClubDataValues {
  const values = {} as ClubDataValues;
  for (const field of CLUB_DATA_FIELDS) {
    const value = data[field];
    values[field] = typeof value === 'string' ? value : coordinateText(value);
  }
  // Months are a whole number, never a coordinate; the IBAN reads best in groups of four.
  values.courseBookRetentionMonths = String(data.courseBookRetentionMonths);
  values.iban = formatIban(data.iban);
  return values;
}

interface FieldOptions {
  required?: boolean;
  multiline?: boolean;
  helperText?: string;
  type?: string;
  autoComplete?: string;
  inputMode?: 'decimal' | 'numeric' | 'tel' | 'email' | 'url';
}

function Section({ title, hint, children }: { title: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="fieldset" sx={{ p: 2, m: 0, minWidth: 0 }}>
      <Typography variant="subtitle1" component="legend" sx={{ px: 0.5 }}>
        {title}
      </Typography>
      {hint && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {hint}
        </Typography>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>{children}</Box>
    </Paper>
  );
}

/**
 * Panel 'Vereinsdaten' (issue 18): everything club.json held, the texts of the About,
 * Impressum and Datenschutz pages, and the address of each contact recipient, saved
 * together (dashboard_update); read-only for members with dashboard_view alone.
 */
export function ClubDataPanel({ canUpdate }: { canUpdate: boolean }) {
  const data = trpc.club.data.useQuery(undefined, { meta: { errorPrefix: 'Fehler beim Abrufen der Vereinsdaten' } });
  if (!data.data) return <PanelStatus query={data} />;
  return <ClubDataForm data={data.data} canUpdate={canUpdate} />;
}

function ClubDataForm({ data, canUpdate }: { data: ClubData; canUpdate: boolean }) {
  const utils = trpc.useUtils();
  const form = useRecordForm(clubDataInput, data, valuesOf);
  const save = trpc.club.update.useMutation(
    form.mutationOptions('Fehler beim Speichern der Vereinsdaten', ({ data: saved }: { data: ClubData }) => {
      form.reset(valuesOf(saved));
      void utils.club.data.invalidate();
      // What visitors see, and the checklist above the panels, follow at once.
      void utils.club.profile.invalidate();
      void utils.club.texts.invalidate();
      void utils.club.checklist.invalidate();
    }),
  );
  const submit = form.onSubmit((input) => save.mutate(input), { disabled: !canUpdate || save.isPending });

  const field = (name: keyof ClubData, options: FieldOptions = {}) => {
    const props = textFieldProps(form as SchemaForm<ClubDataValues, unknown>, name);
    return (
      <TextField
        key={name}
        label={CLUB_DATA_LABELS[name]}
        name={name}
        {...props}
        helperText={props.helperText ?? options.helperText}
        required={options.required}
        multiline={options.multiline}
        minRows={options.multiline ? 3 : undefined}
        type={options.type}
        autoComplete={options.autoComplete ?? 'off'}
        disabled={save.isPending}
        fullWidth
        sx={options.multiline ? { gridColumn: '1 / -1' } : undefined}
        slotProps={{ input: { readOnly: !canUpdate }, htmlInput: { inputMode: options.inputMode } }}
      />
    );
  };
  const coordinate = (name: keyof ClubData, required = false) => field(name, { required, inputMode: 'decimal', helperText: 'Grad, z. B. 50,5512' });

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Vereinsdaten" sx={{ display: 'grid', gap: 2 }}>
      {!canUpdate && <ReadOnlyNote />}
      <Section title="Name und Anschrift" hint="Erscheinen in Kopfzeile, Kontaktseite, Impressum, Datenschutzerklärung und Kalender-Abo.">
        {field('name', { required: true })}
        {field('street')}
        {field('postalCode', { inputMode: 'numeric' })}
        {field('city')}
        {field('phone', { type: 'tel', inputMode: 'tel' })}
        {field('email', { type: 'email', inputMode: 'email' })}
      </Section>
      <Section title="Soziale Netzwerke" hint="Die vollständige Internetadresse (mit https://); leer: kein Link.">
        {SOCIAL_KINDS.map((kind) => field(SOCIAL_FIELDS[kind], { type: 'url', inputMode: 'url' }))}
      </Section>
      <Section
        title="Orte"
        hint="Breite und Länge in Grad (z. B. aus OpenStreetMap). Der Bogenparcours bestimmt die Öffnungszeiten; Vereinsheim und Schießstand ohne Koordinaten haben keine Karte auf der Kontaktseite."
      >
        {coordinate('courseLat', true)}
        {coordinate('courseLon', true)}
        {field('parkingStreet')}
        {field('parkingPostalCode', { inputMode: 'numeric' })}
        {field('parkingCity')}
        <Box sx={{ display: { xs: 'none', sm: 'block' } }} />
        {coordinate('clubHouseLat')}
        {coordinate('clubHouseLon')}
        {coordinate('rangeLat')}
        {coordinate('rangeLon')}
      </Section>
      <Section title="Über uns" hint="Absätze durch eine Leerzeile trennen.">
        {field('history', { multiline: true })}
      </Section>
      <Section title="Impressum und Datenschutz" hint="Leer gelassene Angaben zu Registereintrag und Datenschutz erscheinen nicht.">
        {field('representation', { multiline: true, helperText: 'z. B. „Vertreten durch den Vorstand: Erika Mustermann (1. Vorsitzende), Max Mustermann (2. Vorsitzender)“' })}
        {field('register', { multiline: true, helperText: 'z. B. „Vereinsregister des Amtsgerichts Fulda, VR 1234“' })}
        {field('responsible', { multiline: true })}
        {field('privacyContact', { multiline: true })}
      </Section>
      <Section
        title="Kontaktformular"
        hint="Die E-Mail-Adresse je Adressat, z. B. vorstand@example.org oder Vorstand <vorstand@example.org>. Das Formular bietet nur Adressaten mit Adresse an; ohne jede Adresse zeigt die Kontaktseite kein Formular."
      >
        {CONTACT_RECIPIENTS.map((recipient) => field(CONTACT_ADDRESS_FIELDS[recipient], { inputMode: 'email' }))}
      </Section>
      <Section
        title="Bankverbindung und Parcoursbuch"
        hint="Das Konto, auf das Gäste des Parcours ihre Tageskarte überweisen können. Die IBAN erscheint nur auf der Eintrittskarte eines Gastes, nie auf einer öffentlichen Seite; ohne IBAN wird keine Überweisung angeboten."
      >
        {field('iban', { helperText: 'z. B. DE02 1203 0000 0000 2020 51; die Prüfziffer wird geprüft' })}
        {field('bic', { helperText: 'freiwillig, 8 oder 11 Zeichen' })}
        {field('accountHolder', { helperText: 'leer: der Name des Vereins' })}
        {field('courseBookRetentionMonths', { inputMode: 'numeric', helperText: 'So lange bleiben Namen und Telefonnummern im Parcoursbuch, dann werden sie gelöscht (üblich: 12 Monate).' })}
      </Section>
      {canUpdate && <SaveButton saving={save.isPending} spacing={0} />}
    </Box>
  );
}
