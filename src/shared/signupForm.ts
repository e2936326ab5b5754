import type { RegistrationFields } from './schemas/registrations.ts';

/**
 * The sign-up form as a plain HTML form (issue 29.2): the names of its inputs and how their
 * text becomes the procedure's input. The server reads a form posted without JavaScript with
 * it, the page in the browser reads its own form with it, so both send the same values.
 */

/** Field names of a custom field's answer: `answers.<key>`, as the server's messages name them. */
export const answerName = (key: string): string => `answers.${key}`;

/** The yes/no answers as the form posts them. */
export const YES = 'ja';
export const NO = 'nein';

/** What the form posted, one text per name (a checkbox that is ticked posts 'on'). */
export type FormTexts = Readonly<Record<string, string>>;

/** The participant's values from the form's texts, for `registrations.signup` and `changeMine`. */
export function participantFromForm(form: FormTexts, fields: Pick<RegistrationFields, 'custom'>) {
  const text = (name: string) => (form[name] ?? '').trim();
  const answers: Record<string, string | boolean> = {};
  for (const field of fields.custom) {
    const value = text(answerName(field.key));
    if (value === '') continue;
    answers[field.key] = field.type === 'yesno' ? value === YES : value;
  }
  const places = text('places');
  return {
    prename: text('prename'),
    lastname: text('lastname'),
    email: text('email'),
    phone: text('phone'),
    birthdate: text('birthdate'),
    club: text('club'),
    ...(places === '' ? {} : { places }),
    answers,
    guardianName: text('guardianName'),
    guardianConsent: form.guardianConsent === 'on',
  };
}

/** The form's texts from a sign-up's values: a refused form keeps what was typed, the link page shows what is stored. */
export function formFromParticipant(values: {
  prename?: string;
  lastname?: string;
  email?: string;
  phone?: string;
  birthdate?: string;
  club?: string;
  places?: number | string;
  answers?: Record<string, string | boolean>;
  guardianName?: string;
  guardianConsent?: boolean;
}): Record<string, string> {
  const form: Record<string, string> = {};
  for (const name of ['prename', 'lastname', 'email', 'phone', 'birthdate', 'club', 'guardianName'] as const) form[name] = values[name] ?? '';
  form.places = String(values.places ?? 1);
  for (const [key, answer] of Object.entries(values.answers ?? {})) form[answerName(key)] = typeof answer === 'boolean' ? (answer ? YES : NO) : answer;
  if (values.guardianConsent) form.guardianConsent = 'on';
  return form;
}

/** One German message per field, from the server's `errors` (the first of each). */
export function firstMessages(errors: Record<string, string[]> | undefined): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const [field, list] of Object.entries(errors ?? {})) if (list[0] !== undefined) messages[field] = list[0];
  return messages;
}

/**
 * What the server answered to a form posted without JavaScript, rendered into the page
 * (the route's action data): the outcome, or the form again with its values and messages.
 */
export type SignupFormAnswer =
  | { kind: 'signedUp'; message: string; status: 'place' | 'waiting'; waitingPosition: number | null }
  | { kind: 'changed'; message: string }
  | { kind: 'confirmCancel' }
  | { kind: 'cancelled'; message: string }
  | { kind: 'refused'; message: string; errors: Record<string, string>; values: Record<string, string> };
