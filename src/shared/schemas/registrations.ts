import { z } from 'zod';
import { formatGermanDate, formatGermanDateTime, isApiDateTime } from '../dates.ts';
import { emailSchema, idSchema, optionalText, requiredText } from './fields.ts';

/**
 * Sign-ups on an appointment (issue 29): the organiser's settings, a participant's sign-up
 * and the German messages, checked alike in the browser and on the server. Which of the
 * optional fields a sign-up must fill depends on the settings; `signupFieldErrors` checks
 * that part, once the appointment's settings are known.
 */

export const REGISTRATION_LIMITS = {
  places: 10_000,
  placesPerSignup: 20,
  customFields: 5,
  options: 20,
  label: 60,
  option: 60,
  note: 2000,
  name: 100,
  email: 254,
  phone: 50,
  club: 100,
  answer: 200,
  guardianName: 100,
  /** How long sign-up data are kept after the appointment (README „Anmeldungen“, privacy page). */
  keptDays: 90,
  /** Organiser's mail to participants. */
  subject: 200,
  text: 5000,
} as const;

export const REGISTRATION_MESSAGES = {
  places: `Die Zahl der Plätze muss eine ganze Zahl zwischen 1 und ${REGISTRATION_LIMITS.places} sein!`,
  placesPerSignup: `Die Plätze pro Anmeldung müssen eine ganze Zahl zwischen 1 und ${REGISTRATION_LIMITS.placesPerSignup} sein!`,
  dateTime: 'Bitte gib Datum und Uhrzeit im Format JJJJ-MM-TT hh:mm:ss an!',
  closesBeforeOpens: 'Der Anmeldeschluss muss nach dem Beginn der Anmeldung liegen!',
  tooManyFields: `Es sind höchstens ${REGISTRATION_LIMITS.customFields} eigene Felder möglich!`,
  tooFewOptions: 'Ein Auswahlfeld braucht mindestens zwei Möglichkeiten!',
  tooManyOptions: `Ein Auswahlfeld darf höchstens ${REGISTRATION_LIMITS.options} Möglichkeiten haben!`,
  duplicateOption: 'Jede Möglichkeit eines Auswahlfelds darf nur einmal vorkommen!',
  duplicateLabel: 'Jedes eigene Feld braucht eine eigene Bezeichnung!',
  consentNeedsBirthdate: 'Für die Einwilligung der Erziehungsberechtigten muss das Geburtsdatum als Pflichtfeld abgefragt werden!',
  birthdate: 'Bitte gib das Geburtsdatum im Format TT.MM.JJJJ an!',
  birthdateFuture: 'Das Geburtsdatum darf nicht in der Zukunft liegen!',
  signupPlaces: (max: number) => (max === 1 ? 'Pro Anmeldung ist nur 1 Platz möglich!' : `Pro Anmeldung sind 1 bis ${max} Plätze möglich!`),
  required: (label: string) => `${label} darf nicht leer gelassen werden!`,
  requiredField: (label: string) => `Das Feld „${label}“ darf nicht leer gelassen werden!`,
  choice: (label: string) => `Bitte wähle für „${label}“ eine der angebotenen Möglichkeiten!`,
  yesNo: (label: string) => `Bitte beantworte „${label}“ mit Ja oder Nein!`,
  answerTooLong: (label: string) => `Das Feld „${label}“ darf nicht länger als ${REGISTRATION_LIMITS.answer} Zeichen sein!`,
  guardianName: 'Für Teilnehmende unter 18 Jahren brauchen wir den Namen einer erziehungsberechtigten Person!',
  guardianConsent: 'Für Teilnehmende unter 18 Jahren muss eine erziehungsberechtigte Person einwilligen!',
  unknownField: 'Dieses Feld gibt es bei dieser Anmeldung nicht!',
} as const;

/**
 * The consent a guardian gives for a minor (ticked on the form; stored with its time).
 * Shown on the form and in the confirmation mail.
 */
export const GUARDIAN_CONSENT_TEXT =
  'Ich bin erziehungsberechtigt für die angemeldete Person und bin mit ihrer Teilnahme einverstanden. Ich habe die Hinweise zum Termin gelesen.';

export const FIELD_MODES = ['off', 'optional', 'required'] as const;
export type FieldMode = (typeof FIELD_MODES)[number];
export const CUSTOM_FIELD_TYPES = ['choice', 'text', 'yesno'] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];
export const AUDIENCES = ['everyone', 'members'] as const;
export type Audience = (typeof AUDIENCES)[number];
export const REGISTRATION_STATUSES = ['place', 'waiting', 'cancelled'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

export const STATUS_LABELS = { place: 'Platz', waiting: 'Warteliste', cancelled: 'storniert' } as const satisfies Record<RegistrationStatus, string>;
export const FIELD_LABELS = { phone: 'Telefon', birthdate: 'Geburtsdatum', club: 'Verein' } as const;

/** A custom field's key: the organiser may rename or reorder fields, answers stay with their key. */
const FIELD_KEY = /^f[0-9a-z]{1,12}$/;

const apiDateTime = z.string({ error: REGISTRATION_MESSAGES.dateTime }).refine(isApiDateTime, { error: REGISTRATION_MESSAGES.dateTime });
const apiDate = /^\d{4}-\d{2}-\d{2}$/;

function isCalendarDate(value: string): boolean {
  if (!apiDate.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export const customFieldSchema = z
  .object({
    /** Missing on a new field: the server gives it one. */
    key: z.string().regex(FIELD_KEY).optional(),
    label: requiredText('Die Bezeichnung des Feldes', REGISTRATION_LIMITS.label),
    type: z.enum(CUSTOM_FIELD_TYPES, { error: 'Bitte wähle die Art des Feldes!' }),
    options: z.array(requiredText('Eine Möglichkeit', REGISTRATION_LIMITS.option)).default([]),
    required: z.boolean().default(false),
  })
  .superRefine((field, ctx) => {
    if (field.type !== 'choice') return;
    if (field.options.length < 2) ctx.addIssue({ code: 'custom', path: ['options'], message: REGISTRATION_MESSAGES.tooFewOptions });
    if (field.options.length > REGISTRATION_LIMITS.options) ctx.addIssue({ code: 'custom', path: ['options'], message: REGISTRATION_MESSAGES.tooManyOptions });
    if (new Set(field.options).size !== field.options.length) ctx.addIssue({ code: 'custom', path: ['options'], message: REGISTRATION_MESSAGES.duplicateOption });
  })
  // Options belong to choices only.
  .transform((field) => ({ ...field, options: field.type === 'choice' ? field.options : [] }));
export type CustomField = z.output<typeof customFieldSchema> & { key: string };

export const registrationFieldsSchema = z.object({
  phone: z.enum(FIELD_MODES).default('off'),
  birthdate: z.enum(FIELD_MODES).default('off'),
  club: z.enum(FIELD_MODES).default('off'),
  custom: z.array(customFieldSchema).max(REGISTRATION_LIMITS.customFields, { error: REGISTRATION_MESSAGES.tooManyFields }).default([]),
});
export type RegistrationFields = Omit<z.output<typeof registrationFieldsSchema>, 'custom'> & { custom: CustomField[] };

const wholeNumber = (message: string, max: number) => z.coerce.number({ error: message }).int({ error: message }).min(1, { error: message }).max(max, { error: message });

export const registrationSettingsSchema = z
  .object({
    places: wholeNumber(REGISTRATION_MESSAGES.places, REGISTRATION_LIMITS.places),
    placesPerSignup: wholeNumber(REGISTRATION_MESSAGES.placesPerSignup, REGISTRATION_LIMITS.placesPerSignup).default(1),
    /** null: open from the save on. */
    opensAt: apiDateTime.nullable().default(null),
    /** null: closes at the appointment's start. */
    closesAt: apiDateTime.nullable().default(null),
    audience: z.enum(AUDIENCES, { error: 'Bitte wähle, wer sich anmelden darf!' }).default('everyone'),
    note: optionalText('Der Hinweis', REGISTRATION_LIMITS.note).default(''),
    guardianConsent: z.boolean().default(false),
    fields: registrationFieldsSchema.default({ phone: 'off', birthdate: 'off', club: 'off', custom: [] }),
  })
  .superRefine((settings, ctx) => {
    if (settings.opensAt !== null && settings.closesAt !== null && settings.closesAt <= settings.opensAt) {
      ctx.addIssue({ code: 'custom', path: ['closesAt'], message: REGISTRATION_MESSAGES.closesBeforeOpens });
    }
    if (settings.guardianConsent && settings.fields.birthdate !== 'required') {
      ctx.addIssue({ code: 'custom', path: ['fields', 'birthdate'], message: REGISTRATION_MESSAGES.consentNeedsBirthdate });
    }
    const labels = settings.fields.custom.map((field) => field.label.toLocaleLowerCase('de'));
    if (new Set(labels).size !== labels.length) ctx.addIssue({ code: 'custom', path: ['fields', 'custom'], message: REGISTRATION_MESSAGES.duplicateLabel });
  });
export type RegistrationSettingsInput = z.input<typeof registrationSettingsSchema>;
export type RegistrationSettings = Omit<z.output<typeof registrationSettingsSchema>, 'fields'> & { fields: RegistrationFields };

/** calendar_update: opens or changes sign-ups of one appointment (an occurrence of a series is one). */
export const registrationConfigureInput = z.object({
  appointmentId: idSchema,
  settings: registrationSettingsSchema,
  /** Needed when fewer places would move participants to the waiting list (the answer says how many). */
  confirm: z.boolean().default(false),
});

export const appointmentIdInput = z.object({ appointmentId: idSchema });

/** What a participant fills in; which of the optional parts are needed the settings say (`signupFieldErrors`). */
export const participantSchema = z.object({
  prename: requiredText('Der Vorname', REGISTRATION_LIMITS.name),
  lastname: requiredText('Der Nachname', REGISTRATION_LIMITS.name),
  email: emailSchema(REGISTRATION_LIMITS.email),
  phone: optionalText('Die Telefonnummer', REGISTRATION_LIMITS.phone).default(''),
  /** `YYYY-MM-DD` or empty. */
  birthdate: z
    .string({ error: REGISTRATION_MESSAGES.birthdate })
    .trim()
    .refine((value) => value === '' || isCalendarDate(value), { error: REGISTRATION_MESSAGES.birthdate })
    .default(''),
  club: optionalText('Der Verein', REGISTRATION_LIMITS.club).default(''),
  places: z.coerce.number({ error: REGISTRATION_MESSAGES.signupPlaces(REGISTRATION_LIMITS.placesPerSignup) }).int().min(1).max(REGISTRATION_LIMITS.placesPerSignup).default(1),
  /** Custom fields by key: text, choice (one of its options) or yes/no (a boolean). */
  answers: z.record(z.string().regex(FIELD_KEY), z.union([z.string().trim().max(REGISTRATION_LIMITS.answer * 2), z.boolean()])).default({}),
  guardianName: optionalText('Der Name der erziehungsberechtigten Person', REGISTRATION_LIMITS.guardianName).default(''),
  guardianConsent: z.boolean().default(false),
});
export type ParticipantInput = z.input<typeof participantSchema>;
export type Participant = z.output<typeof participantSchema>;

/** The public sign-up: the participant, the appointment and the honeypot. */
export const signupInput = participantSchema.extend({
  appointmentId: idSchema,
  /** The honeypot: a field people never see. A program that fills it gets the normal answer, and nothing is stored. */
  homepage: z.string().max(1000).optional(),
});

const tokenSchema = z.string().max(100);
export const signupTokenInput = z.object({ token: tokenSchema });
export const signupChangeInput = participantSchema.omit({ places: true }).extend({ token: tokenSchema, places: participantSchema.shape.places.optional() });

/** The organiser's hand: add a participant (a phone call), or change one. */
export const organiserAddInput = participantSchema.extend({
  appointmentId: idSchema,
  /** 'place' takes a place only if one is free; 'waiting' puts them on the waiting list. */
  status: z.enum(['place', 'waiting']).optional(),
});
/** The participant's fields, each optional and without its default: a field left out stays as it is. */
const participantChanges = z.object({
  prename: participantSchema.shape.prename.optional(),
  lastname: participantSchema.shape.lastname.optional(),
  email: participantSchema.shape.email.optional(),
  phone: participantSchema.shape.phone.unwrap().optional(),
  birthdate: participantSchema.shape.birthdate.unwrap().optional(),
  club: participantSchema.shape.club.unwrap().optional(),
  places: participantSchema.shape.places.unwrap().optional(),
  answers: participantSchema.shape.answers.unwrap().optional(),
  guardianName: participantSchema.shape.guardianName.unwrap().optional(),
  guardianConsent: participantSchema.shape.guardianConsent.unwrap().optional(),
});

export const organiserUpdateInput = participantChanges.extend({
  appointmentId: idSchema,
  id: idSchema,
  paid: z.boolean().optional(),
  present: z.boolean().optional(),
  /** Move between the list and the waiting list. */
  status: z.enum(['place', 'waiting']).optional(),
});
export const organiserCancelInput = z.object({ appointmentId: idSchema, id: idSchema });
/** Meine Daten: one of the member's own sign-ups. */
export const mySignupInput = z.object({ id: idSchema });
export const organiserMailInput = z.object({
  appointmentId: idSchema,
  to: z.enum(['place', 'waiting', 'all'], { error: 'Bitte wähle die Empfänger!' }),
  subject: requiredText('Der Betreff', REGISTRATION_LIMITS.subject),
  text: requiredText('Der Text', REGISTRATION_LIMITS.text),
});
export const exportInput = z.object({ appointmentId: idSchema, layout: z.enum(['general', 'ianseo']).default('general') });

/** Age in whole years on `onDate` (both `YYYY-MM-DD`). */
export function ageOn(birthdate: string, onDate: string): number {
  const [by, bm, bd] = birthdate.split('-').map(Number) as [number, number, number];
  const [y, m, d] = onDate.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

export const ADULT_AGE = 18;

/**
 * What the settings require beyond the shape: the fields switched on as required, the
 * custom fields' answers, the places per sign-up and, for a minor on the appointment's
 * date, the guardian. Messages per field, as forms show them; empty when all is well.
 */
export function signupFieldErrors(settings: Pick<RegistrationSettings, 'fields' | 'placesPerSignup' | 'guardianConsent'>, participant: Participant, appointmentDate: string): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  for (const name of ['phone', 'birthdate', 'club'] as const) {
    if (settings.fields[name] === 'required' && participant[name] === '') add(name, REGISTRATION_MESSAGES.required(name === 'phone' ? 'Die Telefonnummer' : name === 'club' ? 'Der Verein' : 'Das Geburtsdatum'));
  }
  if (participant.birthdate !== '' && participant.birthdate > appointmentDate) add('birthdate', REGISTRATION_MESSAGES.birthdateFuture);
  if (participant.places > settings.placesPerSignup) add('places', REGISTRATION_MESSAGES.signupPlaces(settings.placesPerSignup));
  const known = new Set(settings.fields.custom.map((field) => field.key));
  for (const key of Object.keys(participant.answers)) if (!known.has(key)) add(`answers.${key}`, REGISTRATION_MESSAGES.unknownField);
  for (const field of settings.fields.custom) {
    const answer = participant.answers[field.key];
    const path = `answers.${field.key}`;
    const empty = answer === undefined || answer === '';
    if (empty) {
      if (field.required) add(path, REGISTRATION_MESSAGES.requiredField(field.label));
      continue;
    }
    if (field.type === 'yesno' && typeof answer !== 'boolean') add(path, REGISTRATION_MESSAGES.yesNo(field.label));
    if (field.type === 'choice' && (typeof answer !== 'string' || !field.options.includes(answer))) add(path, REGISTRATION_MESSAGES.choice(field.label));
    if (field.type === 'text' && typeof answer !== 'string') add(path, REGISTRATION_MESSAGES.requiredField(field.label));
    if (field.type === 'text' && typeof answer === 'string' && answer.length > REGISTRATION_LIMITS.answer) add(path, REGISTRATION_MESSAGES.answerTooLong(field.label));
  }
  if (settings.guardianConsent && participant.birthdate !== '' && ageOn(participant.birthdate, appointmentDate) < ADULT_AGE) {
    if (participant.guardianName === '') add('guardianName', REGISTRATION_MESSAGES.guardianName);
    if (!participant.guardianConsent) add('guardianConsent', REGISTRATION_MESSAGES.guardianConsent);
  }
  return errors;
}

/** What visitors see of an appointment's sign-up: no participant, only the free places. */
export type PublicRegistrationState =
  | { state: 'notYet'; opensAt: string }
  | { state: 'open'; free: number }
  | { state: 'waitingList' }
  | { state: 'closed'; closesAt: string };

/** The line /termine and the sign-up page show next to 'Anmelden'. */
export function registrationStateText(state: PublicRegistrationState): string {
  switch (state.state) {
    case 'notYet':
      return `Anmeldung ab ${formatGermanDate(state.opensAt.slice(0, 10)).slice(0, 6)}`;
    case 'open':
      return state.free === 1 ? 'noch 1 Platz frei' : `noch ${state.free} Plätze frei`;
    case 'waitingList':
      return 'ausgebucht – Warteliste';
    case 'closed':
      return `Anmeldeschluss war am ${formatGermanDateTime(state.closesAt).replace(' ', ' um ')} Uhr`;
  }
}
