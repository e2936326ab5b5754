import { firstMessages, participantFromForm, type FormTexts, type SignupFormAnswer } from '../../../shared/signupForm.ts';
import { formRefusal } from '../../errors.ts';
import type { AppCaller } from '../../router.ts';

/**
 * The sign-up's forms posted without JavaScript (issue 29.2): the same procedures the page
 * calls through tRPC, their answer turned into what the page renders (SignupFormAnswer)
 * and the HTTP status of that page. A refusal keeps the values typed and names the field;
 * a failure of the server itself is thrown, for the page's error answer.
 */

export interface FormOutcome {
  status: number;
  answer: SignupFormAnswer;
}

/** A refusal of the procedure as the form shows it: its message, per field, and the values again. */
function refused(error: unknown, values: Record<string, string>): FormOutcome {
  const { status, body } = formRefusal(error);
  return { status, answer: { kind: 'refused', message: body.message, errors: firstMessages(body.errors), values } };
}

/** Values the page shows again: what was typed, never the honeypot. */
function keptValues(form: FormTexts): Record<string, string> {
  const { homepage: _homepage, aktion: _action, ...values } = form;
  return values;
}

/** POST /anmeldung/<id>: a sign-up. */
export async function postSignup(caller: AppCaller, appointmentId: string, form: FormTexts): Promise<FormOutcome> {
  try {
    const info = await caller.registrations.publicInfo({ appointmentId: Number(appointmentId) });
    const result = await caller.registrations.signup({
      ...participantFromForm(form, info.fields),
      appointmentId: Number(appointmentId),
      homepage: form.homepage ?? '',
    });
    return { status: 200, answer: { kind: 'signedUp', message: result.message, status: result.data.status, waitingPosition: result.data.waitingPosition } };
  } catch (error) {
    return refused(error, keptValues(form));
  }
}

/**
 * POST /anmeldung/<id>/<token>: `aktion=aendern` changes the fields; `aktion=stornieren`
 * first asks (the page again with the question), then with `bestaetigt=ja` cancels.
 */
export async function postSignupLink(caller: AppCaller, token: string, form: FormTexts): Promise<FormOutcome> {
  try {
    if (form.aktion === 'stornieren') {
      if (form.bestaetigt !== 'ja') return { status: 200, answer: { kind: 'confirmCancel' } };
      const result = await caller.registrations.cancelMine({ token });
      return { status: 200, answer: { kind: 'cancelled', message: result.message } };
    }
    const mine = await caller.registrations.mine({ token });
    const result = await caller.registrations.changeMine({ ...participantFromForm(form, mine.fields), token });
    return { status: 200, answer: { kind: 'changed', message: result.message } };
  } catch (error) {
    return refused(error, keptValues(form));
  }
}
