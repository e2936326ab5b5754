/**
 * IBAN and BIC as the club data takes them (issue 30.5): the IBAN's check digits are checked
 * (ISO 13616, mod 97), so a typo never reaches a GiroCode. Free of zod; the schema is in
 * schemas/clubData.ts.
 */

/** The IBAN's length in the SEPA countries clubs bank in most; any other country: 15 to 34 characters. */
const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  DE: 22,
  AT: 20,
  CH: 21,
  LI: 21,
  LU: 20,
  NL: 18,
  BE: 16,
  FR: 27,
  IT: 27,
  ES: 24,
  DK: 18,
  PL: 28,
  CZ: 24,
};

export const IBAN_MESSAGES = {
  format: 'Die IBAN ist ungültig (sie beginnt mit dem Ländercode, z. B. DE, und zwei Prüfziffern; danach nur Buchstaben und Ziffern).',
  length: (country: string, length: number) => `Die IBAN ist ungültig (eine IBAN aus ${country === 'DE' ? 'Deutschland' : country} hat ${length} Zeichen).`,
  checksum: 'Die IBAN ist ungültig (Prüfziffer stimmt nicht).',
  bic: 'Die BIC ist ungültig (8 oder 11 Zeichen, z. B. HELADEF1FDS).',
} as const;

/** Without spaces, upper case: as stored and as a GiroCode carries it. */
export function normalizeIban(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** `DE02 1203 0000 0000 2020 51`: in groups of four, as people read it. */
export function formatIban(iban: string): string {
  return normalizeIban(iban).replace(/(.{4})(?=.)/g, '$1 ');
}

/** The remainder mod 97 of the IBAN moved and written as digits (A = 10 … Z = 35); 1 for a valid one. */
function ibanRemainder(iban: string): number {
  const moved = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const character of moved) {
    const digits = /\d/.test(character) ? character : String(character.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/** Why an IBAN (normalized) is refused, or undefined when it is valid. */
export function ibanProblem(iban: string): string | undefined {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return IBAN_MESSAGES.format;
  const country = iban.slice(0, 2);
  const length = IBAN_LENGTHS[country];
  if (length !== undefined && iban.length !== length) return IBAN_MESSAGES.length(country, length);
  return ibanRemainder(iban) === 1 ? undefined : IBAN_MESSAGES.checksum;
}

/** A BIC (normalized): bank, country, place, and optionally the branch (ISO 9362). */
export function isBic(bic: string): boolean {
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/.test(bic);
}
