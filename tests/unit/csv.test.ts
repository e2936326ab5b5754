import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, toCsv } from '../../src/shared/csv.ts';
import { parseCsv } from '../helpers/csv.ts';

describe('the one CSV writer', () => {
  it('starts with the BOM, separates by ; and ends every line with CRLF', () => {
    const text = toCsv(['Name', 'Vorname'], [['Müller', 'Jörg'], ['Weiß', 'Anna']]);
    expect(text.startsWith(CSV_BOM)).toBe(true);
    expect(text.slice(1)).toBe('Name;Vorname\r\nMüller;Jörg\r\nWeiß;Anna\r\n');
    expect(Buffer.from(text, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });

  it('quotes separators, quotes, line breaks and edge spaces, and they parse back unchanged', () => {
    const cells = ['a;b', 'Er sagte "Hallo"', 'Zeile 1\nZeile 2', 'CR\r\nLF', ' vorne', 'hinten ', 'ß – „Gänsefüßchen“ 🎯', ''];
    const text = toCsv(['Wert'], cells.map((cell) => [cell]));
    expect(parseCsv(text)).toEqual([['Wert'], ...cells.map((cell) => [cell])]);
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('a,b')).toBe('a,b');
    expect(csvCell('a,b', ',')).toBe('"a,b"');
  });

  it('keeps a text cell that a spreadsheet would run as a formula as text', () => {
    for (const dangerous of ['=HYPERLINK("http://böse.example")', '+49 171 1234567', '-1+1', '@SUM(A1)', '\t=1', '\r=1']) {
      const [, [cell]] = parseCsv(toCsv(['x'], [[dangerous]])) as [string[], string[]];
      expect(cell).toBe(`'${dangerous}`);
    }
    // Numbers are numbers, also negative ones; only text is guarded.
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell('Recurve')).toBe('Recurve');
  });

  it('writes empty cells for null and undefined, ja/nein for booleans', () => {
    expect(parseCsv(toCsv(['a', 'b', 'c', 'd'], [[null, undefined, true, false]]))).toEqual([
      ['a', 'b', 'c', 'd'],
      ['', '', 'ja', 'nein'],
    ]);
  });
});
