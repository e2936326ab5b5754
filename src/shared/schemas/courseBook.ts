import { z } from 'zod';
import { COURSE_BOOK_LIMITS, PAYMENT_WAYS } from '../courseBook.ts';
import { idSchema, optionalText, requiredText } from './fields.ts';

/**
 * The course book's inputs (issue 30.2–30.4) with German messages: the check-in of a group
 * (`courseBook.checkIn`), the ticket's address (`courseBook.ticket`, `courseBook.checkOut`),
 * the back office's actions and the treasurer's month. Whether the course is open, what a
 * category costs and whether a shooter number has an annual pass the server checks.
 */

export const COURSE_BOOK_MESSAGES = {
  noShooters: 'Bitte trag mindestens eine Schützin oder einen Schützen ein!',
  tooManyShooters: `Eine Gruppe hat höchstens ${COURSE_BOOK_LIMITS.shooters} Schützen. Bitte tragt euch als zwei Gruppen ein!`,
  category: 'Bitte wähle für jede Person eine Kategorie aus der Preisliste!',
  memberNumber: 'Die Schützennummer muss genau 8 Ziffern haben (oder leer bleiben)!',
  notMember: (number: string) => `Zur Schützennummer ${number} gibt es keine Jahreskarte. Bitte prüf die Nummer oder lass sie leer und zahl die Tageskarte.`,
  noPass: (number: string, year: number) => `Für die Schützennummer ${number} ist für ${year} keine Jahreskarte eingetragen. Bitte eine Tageskarte wählen.`,
  phoneEmpty: 'Bitte gib eine Telefonnummer für Notfälle an!',
  phone: 'Die Telefonnummer darf nur Ziffern, Leerzeichen und + / - ( ) enthalten!',
  rules: 'Bitte lies die Regeln des Parcours und bestätige sie!',
  children: 'Bitte bestätige, dass Kinder und Jugendliche nur in Begleitung eines Erwachsenen eurer Gruppe schießen!',
  noAdult: 'Kinder und Jugendliche schießen nur in Begleitung eines Erwachsenen: Bitte tragt den Erwachsenen eurer Gruppe mit ein!',
  payment: 'Bitte wähle, wie ihr bezahlt: bar in die Kasse oder per Überweisung!',
  noTransfer: 'Eine Überweisung ist gerade nicht möglich. Bitte zahlt bar in die Kasse am Eingang.',
  closed: (reason: string) => `Der Parcours ist heute geschlossen (${reason}). Eine Anmeldung ist nicht möglich.`,
  closedToday: 'Der Parcours ist heute geschlossen. Eine Anmeldung ist nicht möglich.',
  beforeOpening: (open: string) => `Der Parcours öffnet heute erst um ${open} Uhr. Bitte meldet euch dann an.`,
  afterClosing: (close: string) => `Der Parcours ist heute nur bis ${close} Uhr geöffnet. Eine Anmeldung ist nicht mehr möglich.`,
  tooMany: 'Von diesem Netz kamen gerade zu viele Anmeldungen. Bitte versucht es später noch einmal.',
  ticketNotFound: 'Dieses Ticket gibt es nicht (mehr). Bitte prüf die Adresse.',
  groupNotFound: 'Diese Gruppe gibt es nicht (mehr).',
  month: 'Bitte gib einen Monat im Format JJJJ-MM an!',
} as const;

const shooterSchema = z.object({
  name: requiredText('Der Name', COURSE_BOOK_LIMITS.name),
  category: z.coerce.number({ error: COURSE_BOOK_MESSAGES.category }).int({ error: COURSE_BOOK_MESSAGES.category }).min(0, { error: COURSE_BOOK_MESSAGES.category }),
  memberNumber: z
    .string({ error: COURSE_BOOK_MESSAGES.memberNumber })
    .trim()
    .refine((value) => value === '' || /^\d{8}$/.test(value), { error: COURSE_BOOK_MESSAGES.memberNumber })
    .default(''),
});

export const checkInInput = z.object({
  shooters: z
    .array(shooterSchema, { error: COURSE_BOOK_MESSAGES.noShooters })
    .min(1, { error: COURSE_BOOK_MESSAGES.noShooters })
    .max(COURSE_BOOK_LIMITS.shooters, { error: COURSE_BOOK_MESSAGES.tooManyShooters }),
  phone: z
    .string({ error: COURSE_BOOK_MESSAGES.phoneEmpty })
    .trim()
    .min(1, { error: COURSE_BOOK_MESSAGES.phoneEmpty, abort: true })
    .max(COURSE_BOOK_LIMITS.phone, { error: `Die Telefonnummer darf nicht länger als ${COURSE_BOOK_LIMITS.phone} Zeichen sein!`, abort: true })
    .regex(/^[+0-9 ()/-]*[0-9][+0-9 ()/-]*$/, { error: COURSE_BOOK_MESSAGES.phone }),
  payment: z.enum(PAYMENT_WAYS, { error: COURSE_BOOK_MESSAGES.payment }),
  rulesAccepted: z.literal(true, { error: COURSE_BOOK_MESSAGES.rules }),
  childrenConfirmed: z.boolean({ error: COURSE_BOOK_MESSAGES.children }).default(false),
  /** The honeypot: a field people never see; a program filling it gets a ticket that is never stored. */
  homepage: optionalText('Die Homepage', 200).optional(),
});
export type CheckInInput = z.infer<typeof checkInInput>;

export const ticketTokenInput = z.object({ token: z.string({ error: COURSE_BOOK_MESSAGES.ticketNotFound }).max(100, { error: COURSE_BOOK_MESSAGES.ticketNotFound }) });

export const courseBookGroupInput = z.object({ id: idSchema });

export const courseBookMonthInput = z.object({ month: z.string({ error: COURSE_BOOK_MESSAGES.month }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: COURSE_BOOK_MESSAGES.month }) });
