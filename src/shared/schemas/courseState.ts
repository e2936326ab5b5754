import { z } from 'zod';
import { CLOSURE_REASONS } from '../courseState.ts';
import { idSchema, optionalText } from './fields.ts';
import { isApiDate } from './hosts.ts';

/**
 * The 3D course's state as the screen 'Parcours' saves it (issue 30.1): the targets closed
 * for now with the detour (`parcours.updateState`), and closures of whole days
 * (`parcours.createClosure`, `updateClosure`, `deleteClosure`), with German messages.
 * Whether a target exists (the course's number of targets) and whether a closure has ended
 * already (the club's today) the server checks, which knows both.
 */

export const COURSE_STATE_LIMITS = {
  detour: 500,
  note: 255,
  /** The most targets a list may name (the course facts allow 500). */
  targets: 500,
  /** A closure of more than a year is a mistake, or the course is gone. */
  closureDays: 366,
  targetsText: 2000,
} as const;

export const COURSE_STATE_MESSAGES = {
  targets: 'Bitte gib die gesperrten Ziele als Nummern an, z. B. 3, 7, 12–14!',
  targetUnknown: (target: number, count: number) => `Ziel ${target} gibt es nicht: Der Parcours hat ${count} Ziele.`,
  detourWithoutTargets: 'Eine Umleitung ohne gesperrte Ziele ergibt keinen Sinn: Bitte gib die gesperrten Ziele an oder lass die Umleitung leer.',
  fromEmpty: 'Der erste Tag der Schließung darf nicht leer gelassen werden!',
  toEmpty: 'Der letzte Tag der Schließung darf nicht leer gelassen werden!',
  date: 'Bitte gib ein Datum im Format TT.MM.JJJJ an!',
  order: 'Der letzte Tag darf nicht vor dem ersten liegen!',
  tooLong: `Eine Schließung darf höchstens ${COURSE_STATE_LIMITS.closureDays} Tage dauern!`,
  reason: 'Bitte wähle einen Grund: Sturm, Forstarbeiten, Turnier oder Sonstiges!',
  otherNeedsNote: 'Bei „Sonstiges“ gib bitte den Grund an, er steht auf der Seite des Parcours.',
  ended: 'Diese Schließung läge ganz in der Vergangenheit. Bitte gib als letzten Tag heute oder einen späteren Tag an!',
  notFound: 'Diese Schließung gibt es nicht (mehr).',
} as const;

/** `3, 7, 12-14` (or `12–14`), or a list of numbers: distinct target numbers, ascending. */
export function parseTargets(value: unknown): number[] | undefined {
  if (Array.isArray(value)) {
    if (!value.every((entry) => Number.isInteger(entry) && entry >= 1 && entry <= COURSE_STATE_LIMITS.targets)) return undefined;
    return [...new Set(value as number[])].sort((a, b) => a - b);
  }
  if (typeof value !== 'string') return undefined;
  const targets = new Set<number>();
  for (const part of value.split(/[,;\s]+/).filter(Boolean)) {
    const range = /^(\d{1,3})(?:[-–](\d{1,3}))?$/.exec(part);
    if (!range) return undefined;
    const first = Number(range[1]);
    const last = range[2] === undefined ? first : Number(range[2]);
    if (first < 1 || last < first || last > COURSE_STATE_LIMITS.targets) return undefined;
    for (let target = first; target <= last; target += 1) targets.add(target);
  }
  return [...targets].sort((a, b) => a - b);
}

export const courseStateInput = z
  .object({
    closedTargets: z.unknown().transform((value, context) => {
      const targets = parseTargets(value ?? '');
      if (targets === undefined) {
        context.addIssue({ code: 'custom', message: COURSE_STATE_MESSAGES.targets });
        return z.NEVER;
      }
      return targets;
    }),
    detour: optionalText('Die Umleitung', COURSE_STATE_LIMITS.detour),
  })
  .superRefine((state, context) => {
    if (state.closedTargets.length === 0 && state.detour !== '') context.addIssue({ code: 'custom', path: ['detour'], message: COURSE_STATE_MESSAGES.detourWithoutTargets });
  });
export type CourseStateInput = z.input<typeof courseStateInput>;

/** `YYYY-MM-DD`, or `TT.MM.JJJJ` as people write it. */
function closureDate(empty: string) {
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? empty : COURSE_STATE_MESSAGES.date) })
    .trim()
    .min(1, { error: empty, abort: true })
    .transform((value) => {
      const german = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(value);
      return german ? `${german[3]}-${german[2]!.padStart(2, '0')}-${german[1]!.padStart(2, '0')}` : value;
    })
    .refine(isApiDate, { error: COURSE_STATE_MESSAGES.date });
}

/** Days from one `YYYY-MM-DD` to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

const closureFields = {
  from: closureDate(COURSE_STATE_MESSAGES.fromEmpty),
  to: closureDate(COURSE_STATE_MESSAGES.toEmpty),
  reason: z.enum(CLOSURE_REASONS, { error: COURSE_STATE_MESSAGES.reason }),
  note: optionalText('Die Erläuterung', COURSE_STATE_LIMITS.note).optional().default(''),
};

type ClosureFields = { from: string; to: string; reason: (typeof CLOSURE_REASONS)[number]; note: string };

function checkClosure(closure: ClosureFields, context: z.RefinementCtx): void {
  if (closure.to < closure.from) context.addIssue({ code: 'custom', path: ['to'], message: COURSE_STATE_MESSAGES.order });
  else if (daysBetween(closure.from, closure.to) >= COURSE_STATE_LIMITS.closureDays) context.addIssue({ code: 'custom', path: ['to'], message: COURSE_STATE_MESSAGES.tooLong });
  if (closure.reason === 'other' && closure.note === '') context.addIssue({ code: 'custom', path: ['note'], message: COURSE_STATE_MESSAGES.otherNeedsNote });
}

export const closureCreateInput = z.object(closureFields).superRefine(checkClosure);
export type ClosureCreateInput = z.input<typeof closureCreateInput>;

export const closureUpdateInput = z.object({ id: idSchema, ...closureFields }).superRefine(checkClosure);
export type ClosureUpdateInput = z.input<typeof closureUpdateInput>;

export const closureIdInput = z.object({ id: idSchema });
