/**
 * The GiroCode (EPC QR code, EPC069-12 version 002) of a SEPA credit transfer: what a
 * banking app scans to fill in payee, IBAN, amount and remittance (issue 30.2, the course
 * ticket paid by transfer). One field per line; a line break inside a field would shift
 * every field after it (a name could set the IBAN), so whitespace in fields is collapsed.
 */

export interface GirocodeTransfer {
  /** The account holder as the bank knows it; at most 70 characters. */
  name: string;
  /** Spaces allowed, as people write it ('DE89 3704 …'). */
  iban: string;
  /** Optional since version 002 inside the EEA. */
  bic?: string | null | undefined;
  /** In cents: 1 (0,01 €) to 99,999,999,999 (999.999.999,99 €). */
  amountCents: number;
  /** Unstructured remittance information (Verwendungszweck), at most 140 characters. */
  remittance: string;
}

export const GIROCODE_LIMITS = { name: 70, remittance: 140, payloadBytes: 331, maxCents: 99_999_999_999 } as const;

const IBAN_SHAPE = /^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/;
const BIC_SHAPE = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

/** 'de89 3704 0044 0532 0130 00' -> 'DE89370400440532013000'. */
export function compactIban(iban: string): string {
  return iban.replace(/\s+/g, '').toUpperCase();
}

/** One line of the payload: no line breaks or other control characters, single spaces, trimmed. */
function field(value: string): string {
  return value
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** 'EUR12.00': the amount with a decimal point and two decimals. */
function amountOf(cents: number): string {
  return `EUR${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/**
 * The payload: service tag BCD, version 002, character set 1 (UTF-8), identification SCT,
 * BIC, name, IBAN, amount, purpose (empty), structured reference (empty: the ticket code is
 * not an ISO 11649 creditor reference), remittance; the optional last line is left out.
 * Throws a RangeError for what no bank would accept: a programming error, since club data
 * and prices are validated where they are entered.
 */
export function girocodePayload(transfer: GirocodeTransfer): string {
  const name = field(transfer.name);
  const iban = compactIban(transfer.iban);
  const bic = field(transfer.bic ?? '').toUpperCase();
  const remittance = field(transfer.remittance);
  if (name === '' || [...name].length > GIROCODE_LIMITS.name) throw new RangeError('GiroCode: name must have 1–70 characters');
  if (!IBAN_SHAPE.test(iban)) throw new RangeError('GiroCode: not an IBAN');
  if (bic !== '' && !BIC_SHAPE.test(bic)) throw new RangeError('GiroCode: not a BIC');
  if (!Number.isInteger(transfer.amountCents) || transfer.amountCents < 1 || transfer.amountCents > GIROCODE_LIMITS.maxCents) {
    throw new RangeError('GiroCode: amount must be 0.01–999999999.99 EUR');
  }
  if ([...remittance].length > GIROCODE_LIMITS.remittance) throw new RangeError('GiroCode: remittance must have at most 140 characters');
  const payload = ['BCD', '002', '1', 'SCT', bic, name, iban, amountOf(transfer.amountCents), '', '', remittance].join('\n');
  if (new TextEncoder().encode(payload).length > GIROCODE_LIMITS.payloadBytes) throw new RangeError('GiroCode: payload longer than 331 bytes');
  return payload;
}
