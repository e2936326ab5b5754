import { SPECIAL_HOST_VALUES } from '../../../../shared/constants.ts';

/** One choice for a supervisor or host: a special value (SPEC §4) or a member. */
export interface PersonOption {
  value: number;
  label: string;
  special: boolean;
}

export interface Person {
  id: number;
  prename: string;
  lastname: string;
}

export const SPECIAL_OPTIONS: readonly PersonOption[] = SPECIAL_HOST_VALUES.map(({ value, label }) => ({ value, label, special: true }));

export function memberOption(person: Person): PersonOption {
  return { value: person.id, label: `${person.prename} ${person.lastname}`.trim(), special: false };
}

/** The special values first, then the members (SPEC §6). */
export function personOptions(members: readonly Person[] | undefined): PersonOption[] {
  return [...SPECIAL_OPTIONS, ...(members ?? []).map(memberOption)];
}

/**
 * The option for a stored value, also when it is not among the choices (a supervisor who
 * has since left Standaufsichtsberechtigte, or the choices not loaded yet).
 */
export function optionFor(value: number | null, options: readonly PersonOption[], everyone: readonly PersonOption[]): PersonOption | null {
  if (value === null) return null;
  return (
    options.find((option) => option.value === value) ??
    everyone.find((option) => option.value === value) ?? { value, label: `Mitglied ${value}`, special: false }
  );
}
