import { describe, expect, it } from 'vitest';
import { parseRichText, plainText } from '../../src/shared/richText.ts';

describe('[fett:an]/[fett:aus] markup', () => {
  it('gives one plain run for a text without markers', () => {
    expect(parseRichText('Schießen ab 12 Jahren')).toEqual([{ text: 'Schießen ab 12 Jahren', bold: false }]);
  });

  it('bolds the text between the markers', () => {
    expect(parseRichText('Preis: [fett:an]12,00 €[fett:aus] pro Person')).toEqual([
      { text: 'Preis: ', bold: false },
      { text: '12,00 €', bold: true },
      { text: ' pro Person', bold: false },
    ]);
  });

  it('bolds to the end when [fett:aus] is missing', () => {
    expect(parseRichText('Achtung: [fett:an]heute geschlossen')).toEqual([
      { text: 'Achtung: ', bold: false },
      { text: 'heute geschlossen', bold: true },
    ]);
  });

  it('ignores a stray [fett:aus]', () => {
    expect(parseRichText('a[fett:aus]b')).toEqual([{ text: 'ab', bold: false }]);
    expect(parseRichText('[fett:an]a[fett:aus]b[fett:aus]c')).toEqual([
      { text: 'a', bold: true },
      { text: 'bc', bold: false },
    ]);
  });

  it('treats a repeated [fett:an] as still bold, not as nesting', () => {
    expect(parseRichText('[fett:an]a[fett:an]b[fett:aus]c')).toEqual([
      { text: 'ab', bold: true },
      { text: 'c', bold: false },
    ]);
  });

  it('drops empty runs and never shows a marker', () => {
    expect(parseRichText('[fett:an][fett:aus]')).toEqual([]);
    expect(parseRichText('')).toEqual([]);
    const runs = parseRichText('[fett:an]x[fett:aus][fett:an][fett:an]y[fett:aus][fett:aus]z[fett:an]');
    expect(runs).toEqual([
      { text: 'xy', bold: true },
      { text: 'z', bold: false },
    ]);
    expect(runs.map((run) => run.text).join('')).not.toContain('[fett:');
  });

  it('keeps everything else exactly, including look-alike and HTML text', () => {
    expect(parseRichText('<b>[FETT:AN]</b> [fett:an ] 🎯')).toEqual([{ text: '<b>[FETT:AN]</b> [fett:an ] 🎯', bold: false }]);
  });

  it('gives the plain text without markers', () => {
    expect(plainText('a[fett:an]b[fett:aus]c[fett:aus]')).toBe('abc');
  });
});
