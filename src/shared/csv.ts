/**
 * The one CSV writer (DESIGN §10) for every export: UTF-8 with a byte order mark, `;` as
 * the separator and CRLF line ends, as German spreadsheet programs (Excel with German
 * settings, LibreOffice) open a file by double click without an import dialog. A cell is
 * quoted when it holds the separator, a quote, a line break or leading/trailing space;
 * quotes inside are doubled (RFC 4180). A text cell starting with = + - @ (or a tab or CR)
 * would be taken as a formula by a spreadsheet (CSV injection): it gets a leading `'`,
 * which spreadsheets show as text. Numbers are written as they are.
 */

export type CsvCell = string | number | boolean | null | undefined;

export type CsvSeparator = ';' | ',';

export const CSV_BOM = '\uFEFF';
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvCell, separator: CsvSeparator = ';'): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'ja' : 'nein';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  const needsQuotes = text.includes(separator) || /["\r\n]/.test(text) || text !== text.trim();
  return needsQuotes ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The whole file: BOM, the header row, then one row per line, each line ended by CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[], separator: CsvSeparator = ';'): string {
  const line = (cells: readonly CsvCell[]) => `${cells.map((cell) => csvCell(cell, separator)).join(separator)}\r\n`;
  return CSV_BOM + line(header) + rows.map(line).join('');
}
