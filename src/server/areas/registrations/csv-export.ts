import { toCsv, type CsvCell } from '../../../shared/csv.ts';
import { STATUS_LABELS, type RegistrationSettings } from '../../../shared/schemas/registrations.ts';
import type { ParticipantView } from './queries.ts';

/**
 * The organiser's exports through the one CSV writer (shared/csv.ts): the general list with
 * every field, and the column layout of ianseo's participant list (the archery scoring
 * program): family name and given name, date of birth (ianseo works out the age class
 * from it), club as country code and name, and the division, the bow class, taken from
 * the organiser's own choice field named for it. Cancelled sign-ups are left out.
 */

const germanDate = (value: string) => (value === '' ? '' : value.split('-').reverse().join('.'));
const germanDateTime = (value: string | null) => (value === null ? '' : `${germanDate(value.slice(0, 10))} ${value.slice(11, 16)}`);

function answerText(value: string | boolean | undefined): CsvCell {
  if (value === undefined || value === '') return '';
  return typeof value === 'boolean' ? (value ? 'ja' : 'nein') : value;
}

export function generalCsv(settings: RegistrationSettings, participants: ParticipantView[]): string {
  const shown = participants.filter((participant) => participant.status !== 'cancelled');
  const header = [
    'Nr.',
    'Status',
    'Wartelistenplatz',
    'Nachname',
    'Vorname',
    'E-Mail',
    'Telefon',
    'Geburtsdatum',
    'Verein',
    ...settings.fields.custom.map((field) => field.label),
    'Plätze',
    'bezahlt',
    'anwesend',
    'Erziehungsberechtigte Person',
    'Einwilligung am',
    'Angemeldet am',
  ];
  const rows = shown.map((participant) => [
    participant.position,
    STATUS_LABELS[participant.status],
    participant.waitingPosition,
    participant.lastname,
    participant.prename,
    participant.email,
    participant.phone,
    germanDate(participant.birthdate),
    participant.club,
    ...settings.fields.custom.map((field) => answerText(participant.answers[field.key])),
    participant.places,
    participant.paid,
    participant.present,
    participant.guardianName,
    germanDateTime(participant.guardianConsentAt),
    germanDateTime(participant.createdAt),
  ]);
  return toCsv(header, rows);
}

/** The choice field that says the bow class: named like one, else the first choice field. */
export function divisionField(settings: RegistrationSettings): string | undefined {
  const choices = settings.fields.custom.filter((field) => field.type === 'choice');
  return (choices.find((field) => /bogen|klasse|division/i.test(field.label)) ?? choices[0])?.key;
}

export const IANSEO_HEADER = ['Bib', 'Session', 'Target', 'Family Name', 'Name', 'Date of Birth', 'Gender', 'Country Code', 'Country Name', 'Division', 'Age Class', 'Class'] as const;

/** Those with a place only: the waiting list does not shoot. */
export function ianseoCsv(settings: RegistrationSettings, participants: ParticipantView[]): string {
  const division = divisionField(settings);
  const rows = participants
    .filter((participant) => participant.status === 'place')
    .map((participant) => [
      '',
      '',
      '',
      participant.lastname,
      participant.prename,
      participant.birthdate,
      '',
      '',
      participant.club,
      division === undefined ? '' : answerText(participant.answers[division]),
      '',
      '',
    ]);
  return toCsv(IANSEO_HEADER, rows);
}
