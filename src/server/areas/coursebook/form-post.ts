import { CHECK_IN_PROBLEM_QUERY, COURSE_BOOK_LIMITS, COURSE_BOOK_PATH, type CheckInProblem } from '../../../shared/courseBook.ts';
import { COURSE_BOOK_MESSAGES } from '../../../shared/schemas/courseBook.ts';

/**
 * The course book's plain form (no JavaScript, issue 30.2): its fields as the browser posts
 * them (`name1`…`name10`, `kategorie1`…, `nummer1`…, `telefon`, `regeln`, `kinder`,
 * `zahlung`, `homepage`) turned into `courseBook.checkIn`'s input; rows without a name are
 * the form's empty rows. The procedure checks everything as for any other caller.
 */
export function checkInInputOfForm(body: string): Record<string, unknown> {
  const fields = new URLSearchParams(body);
  const shooters = [];
  for (let number = 1; number <= COURSE_BOOK_LIMITS.shooters; number += 1) {
    const name = fields.get(`name${number}`)?.trim() ?? '';
    if (name === '') continue;
    shooters.push({ name, category: fields.get(`kategorie${number}`) ?? '', memberNumber: fields.get(`nummer${number}`) ?? '' });
  }
  return {
    shooters,
    phone: fields.get('telefon') ?? '',
    payment: fields.get('zahlung') ?? 'cash',
    rulesAccepted: fields.get('regeln') === 'ja',
    childrenConfirmed: fields.get('kinder') === 'ja',
    homepage: fields.get('homepage') ?? '',
  };
}

const PROBLEM_OF_MESSAGE = new Map<string, CheckInProblem>([
  [COURSE_BOOK_MESSAGES.closedToday, 'geschlossen'],
  [COURSE_BOOK_MESSAGES.rules, 'regeln'],
  [COURSE_BOOK_MESSAGES.children, 'kinder'],
  [COURSE_BOOK_MESSAGES.noAdult, 'begleitung'],
  [COURSE_BOOK_MESSAGES.phoneEmpty, 'telefon'],
  [COURSE_BOOK_MESSAGES.phone, 'telefon'],
  [COURSE_BOOK_MESSAGES.noTransfer, 'ueberweisung'],
  [COURSE_BOOK_MESSAGES.tooMany, 'limit'],
]);

/** Where a refused plain check-in sends the visitor: the form again, saying why (a finite list, so each is one kept page). */
export function problemAddress(message: string): string {
  let problem = PROBLEM_OF_MESSAGE.get(message);
  if (!problem && /^Der Parcours (ist heute|öffnet heute)/.test(message)) problem = 'geschlossen';
  if (!problem && message.startsWith('Zur Schützennummer')) problem = 'mitglied';
  if (!problem && message.startsWith('Für die Schützennummer')) problem = 'jahreskarte';
  return `${COURSE_BOOK_PATH}?${CHECK_IN_PROBLEM_QUERY}=${problem ?? 'eingaben'}`;
}
