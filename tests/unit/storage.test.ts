import { describe, expect, it } from 'vitest';
import { formatBytes, tooLargeMessage } from '../../src/server/storage/kinds.ts';
import { contentDisposition } from '../../src/server/storage/serve.ts';
import { sanitizeFilename, STORED_NAME } from '../../src/server/storage/storage.ts';

describe('sanitizeFilename', () => {
  it.each([
    ['../../etc/passwd', 'passwd'],
    ['C:\\fakepath\\Bericht.pdf', 'Bericht.pdf'],
    ['a\u0000b\r\n.pdf', 'ab.pdf'],
    ['Rechnung\u202Efdp.exe', 'Rechnungfdp.exe'],
    ['"zitat".txt', 'zitat.txt'],
    ['..', 'Datei'],
    ['', 'Datei'],
    [undefined, 'Datei'],
  ])('%j -> %j', (input, expected) => {
    expect(sanitizeFilename(input)).toBe(expected);
  });

  it('keeps the extension when it shortens a long name to 255 characters', () => {
    const name = sanitizeFilename(`${'a'.repeat(300)}.pdf`);
    expect(name).toHaveLength(255);
    expect(name.endsWith('.pdf')).toBe(true);
  });
});

describe('stored names', () => {
  it.each(['../x.pdf', '.upload-1', 'ABC.pdf', 'a/b.pdf', 'a.pdf/', 'a..pdf', 'x'])('refuses %j', (name) => {
    expect(STORED_NAME.test(name)).toBe(false);
  });
  it('accepts the names the storage generates', () => {
    expect(STORED_NAME.test('0f8e6a1c-5b7d-4e2f-9a3b-1c2d3e4f5a6b.pdf')).toBe(true);
  });
});

describe('messages and headers', () => {
  it('names the limit in German units', () => {
    expect(tooLargeMessage(20 * 1024 * 1024)).toBe('Die Datei ist zu groß. Erlaubt sind höchstens 20 MB.');
    expect(formatBytes(1.5 * 1024 * 1024)).toBe('1,5 MB');
    expect(formatBytes(2048)).toBe('2 KB');
    expect(formatBytes(10)).toBe('10 Bytes');
  });

  it('sends runnable types as attachment and encodes names per RFC 6266', () => {
    expect(contentDisposition('text/html', null)).toBe('attachment');
    expect(contentDisposition('image/svg+xml', 'a.svg')).toMatch(/^attachment; /);
    expect(contentDisposition('application/octet-stream', 'x.bin')).toMatch(/^attachment; /);
    expect(contentDisposition('application/pdf', 'Übersicht (2026).pdf')).toBe(
      `inline; filename="_bersicht (2026).pdf"; filename*=UTF-8''%C3%9Cbersicht%20%282026%29.pdf`,
    );
  });
});
