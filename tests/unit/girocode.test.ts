import jsqr from 'jsqr';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { QrCode } from '../../src/client/components/QrCode.tsx';
import { girocodePayload } from '../../src/shared/girocode.ts';

const club = { name: 'Schützenverein Tannenfeld 1921 e. V.', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' };

/** Renders the component as the page does, rasterises its SVG and reads it back with a QR decoder, as a banking app would. */
async function scanned(text: string): Promise<string> {
  const svg = renderToStaticMarkup(createElement(QrCode, { text, label: 'GiroCode', size: 400 }));
  const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  // A CommonJS package whose types name its function as the default export.
  const code = jsqr.default(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
  if (!code) throw new Error('no QR code found');
  return Buffer.from(code.binaryData).toString('utf8');
}

describe('GiroCode (EPC069-12, version 002)', () => {
  it('writes the twelve-line layout with UTF-8, SCT, the amount in EUR with two decimals and the ticket code as remittance', () => {
    expect(girocodePayload({ ...club, amountCents: 2450, remittance: 'Parcours 3D, Ticket K7M2QX' }).split('\n')).toEqual([
      'BCD',
      '002',
      '1',
      'SCT',
      'COBADEFFXXX',
      'Schützenverein Tannenfeld 1921 e. V.',
      'DE89370400440532013000',
      'EUR24.50',
      '',
      '',
      'Parcours 3D, Ticket K7M2QX',
    ]);
    expect(girocodePayload({ ...club, bic: null, amountCents: 5, remittance: 'x' }).split('\n').slice(4, 8)).toEqual(['', club.name, 'DE89370400440532013000', 'EUR0.05']);
    expect(girocodePayload({ ...club, amountCents: 1200, remittance: 'x' })).toContain('\nEUR12.00\n');
  });

  it('never lets a line break in a field shift the fields after it', () => {
    const payload = girocodePayload({ ...club, name: 'Verein\nDE00000000000000000000\r\nEUR1.00', amountCents: 800, remittance: 'Ticket\u2028ABC' });
    const lines = payload.split('\n');
    expect(lines).toHaveLength(11);
    expect(lines[5]).toBe('Verein DE00000000000000000000 EUR1.00');
    expect(lines[6]).toBe('DE89370400440532013000');
    expect(lines[10]).toBe('Ticket ABC');
  });

  it('refuses what no bank accepts', () => {
    const transfer = { ...club, amountCents: 800, remittance: 'Ticket' };
    expect(() => girocodePayload({ ...transfer, amountCents: 0 })).toThrow(RangeError);
    expect(() => girocodePayload({ ...transfer, amountCents: 12.5 })).toThrow(RangeError);
    expect(() => girocodePayload({ ...transfer, amountCents: 100_000_000_000 })).toThrow(RangeError);
    expect(() => girocodePayload({ ...transfer, name: 'x'.repeat(71) })).toThrow(RangeError);
    expect(() => girocodePayload({ ...transfer, name: ' ' })).toThrow(RangeError);
    expect(() => girocodePayload({ ...transfer, remittance: 'x'.repeat(141) })).toThrow(RangeError);
    expect(() => girocodePayload({ ...transfer, iban: 'DE89 3704' })).toThrow(RangeError);
    expect(() => girocodePayload({ ...transfer, bic: 'COBA' })).toThrow(RangeError);
    expect(girocodePayload({ ...transfer, name: 'ü'.repeat(70), remittance: 'x'.repeat(100) })).toContain('ü'.repeat(70));
    // Within the characters of each field, but over the 331 bytes of the whole (umlauts take two).
    expect(() => girocodePayload({ ...transfer, name: 'ü'.repeat(70), remittance: 'ö'.repeat(140) })).toThrow(/331 bytes/);
  });

  it('draws a code that a QR decoder reads back byte for byte, umlauts included', async () => {
    const payload = girocodePayload({ ...club, amountCents: 2450, remittance: 'Parcours 3D, Ticket K7M2QX – 2 Erwachsene, 1 Kind' });
    expect(await scanned(payload)).toBe(payload);
    // The largest payload the standard allows still scans.
    const largest = girocodePayload({ ...club, name: 'Ä'.repeat(70), amountCents: 99_999_999_999, remittance: 'Ö'.repeat(52) });
    expect(new TextEncoder().encode(largest).length).toBeLessThanOrEqual(331);
    expect(await scanned(largest)).toBe(largest);
  });

  it('names the code for screen readers and draws it without a script or a data address', () => {
    const svg = renderToStaticMarkup(createElement(QrCode, { text: 'https://verein.example/parcours/buch', label: 'QR-Code zum Parcoursbuch' }));
    expect(svg).toMatch(/^<svg role="img" aria-label="QR-Code zum Parcoursbuch" viewBox="0 0 \d+ \d+" width="200" height="200"/);
    expect(svg).not.toMatch(/data:|<script|<image/);
  });
});
