import type { PriceRow } from './courseFacts.ts';

/**
 * The electronic course book at the course's entrance (issue 30.2–30.4): a group of up to
 * ten shooters checks in on a phone, gets a ticket page at a long random address and checks
 * out on leaving. The categories and prices are the course's day-ticket table (courseFacts),
 * never numbers of their own. Free of zod (public pages import it); the schema is in
 * schemas/courseBook.ts.
 */

export const COURSE_BOOK_LIMITS = { shooters: 10, name: 80, phone: 30 } as const;

export const PAYMENT_WAYS = ['cash', 'transfer'] as const;
export type PaymentWay = (typeof PAYMENT_WAYS)[number];

export const PAYMENT_LABELS: Record<PaymentWay, string> = {
  cash: 'Bar in die Kasse',
  transfer: 'Überweisung (GiroCode)',
};

/** One category a shooter checks in with: a row of the day-ticket table. */
export interface CourseBookCategory {
  /** The row's position in the table: what the form sends. */
  index: number;
  /** 'Erwachsene', 'Jugendliche (13–17 Jahre)', 'Blasrohr'. */
  label: string;
  priceCents: number;
  /** Kinder or Jugendliche: they shoot only with an adult of the group (the course's rule). */
  young: boolean;
}

/** 'Erwachsene', or the section for a row that is for everybody ('Blasrohr' for 'alle'). */
export function categoryLabel(row: PriceRow): string {
  return row.persons.trim().toLowerCase() === 'alle' && row.section !== '' ? row.section : row.persons;
}

/** The day-ticket table as categories; a label two rows share gets its section in front. */
export function courseBookCategories(dayPrices: readonly PriceRow[]): CourseBookCategory[] {
  const labels = dayPrices.map(categoryLabel);
  return dayPrices.map((row, index) => {
    const label = labels[index]!;
    const shared = labels.filter((other) => other === label).length > 1 && row.section !== '';
    return {
      index,
      label: shared ? `${row.section}: ${label}` : label,
      priceCents: Math.round(row.price * 100),
      young: /kinder|jugendliche/i.test(row.persons),
    };
  });
}

/** '2 × Erwachsene, 1 × Kinder (unter 13 Jahren)': a group's categories, in the order first seen. */
export function categoriesText(labels: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1);
  return [...counts].map(([label, count]) => `${count} × ${label}`).join(', ');
}

/** The characters of a ticket code: no 0/O, 1/I/L that a visitor would mix up on an envelope. */
export const TICKET_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const TICKET_CODE_LENGTH = 6;

/** Where visitors check in (the poster's QR code) and where a ticket lives. */
export const COURSE_BOOK_PATH = '/parcoursbuch';
export const ticketPath = (token: string) => `${COURSE_BOOK_PATH}/ticket/${token}`;
/** The ticket's route, relative to the site's root as the router nests it. */
export const COURSE_TICKET_ROUTE = 'parcoursbuch/ticket/:token';

/** The remittance of a transfer: the ticket code, as the treasurer's list names it. */
export function remittanceOf(ticketCode: string): string {
  return `Parcours ${ticketCode}`;
}

/** 'einem Jahr', 'einem Monat', '18 Monaten': the club's period after 'nach', as the pages say it (dative). */
export function retentionText(months: number): string {
  if (months === 12) return 'einem Jahr';
  if (months === 24) return 'zwei Jahren';
  return months === 1 ? 'einem Monat' : `${months} Monaten`;
}

/**
 * Why the plain form's check-in was refused, as its address names it (`/parcoursbuch?fehler=…`):
 * a page without JavaScript shows the refusal from a finite list, so every such address is
 * one kept page.
 */
export const CHECK_IN_PROBLEMS = {
  geschlossen: 'Der Parcours ist gerade geschlossen: Eine Anmeldung ist jetzt nicht möglich. Die Öffnungszeiten stehen auf der Seite des Bogenparcours.',
  mitglied: 'Zu einer der Schützennummern gibt es keine Jahreskarte. Bitte prüft die Nummer oder lasst sie leer und zahlt die Tageskarte.',
  jahreskarte: 'Für eine der Schützennummern ist für dieses Jahr keine Jahreskarte eingetragen. Bitte wählt für diese Person eine Tageskarte.',
  regeln: 'Bitte lest die Regeln des Parcours und bestätigt sie!',
  kinder: 'Bitte bestätigt, dass Kinder und Jugendliche nur in Begleitung eines Erwachsenen eurer Gruppe schießen!',
  begleitung: 'Kinder und Jugendliche schießen nur in Begleitung eines Erwachsenen: Bitte tragt den Erwachsenen eurer Gruppe mit ein!',
  telefon: 'Bitte gebt eine Telefonnummer für Notfälle an (nur Ziffern, Leerzeichen und + / - ( )).',
  ueberweisung: 'Eine Überweisung ist gerade nicht möglich. Bitte zahlt bar in die Kasse am Eingang.',
  limit: 'Von diesem Netz kamen gerade zu viele Anmeldungen. Bitte versucht es später noch einmal.',
  eingaben: 'Bitte prüft eure Angaben: Jede Person braucht einen Namen und eine Kategorie aus der Preisliste, höchstens 10 Personen je Gruppe.',
} as const;
export type CheckInProblem = keyof typeof CHECK_IN_PROBLEMS;

/** The query parameter of a refusal on the check-in page. */
export const CHECK_IN_PROBLEM_QUERY = 'fehler';
