import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArchiveWriter, decodeRow, encodeRow, encodeValue, parseEntryName } from '../../src/server/ops/archive.ts';
import { verifyArchive } from '../../src/server/ops/restore.ts';
import { formatSize } from '../../src/server/ops/tables.ts';

describe('rows in the backup archive', () => {
  it('keep strings, numbers and null as they are and binary values as base64', () => {
    const row = { id: 7, text: 'Grüße 🎯\n"zitiert"', when: '2026-11-23 18:30:00', none: null, blob: Buffer.from([0, 255, 10]) };
    const line = encodeRow(row);
    expect(line).not.toContain('\n');
    expect(decodeRow(line)).toEqual(row);
  });

  it('turns a BigInt into a number when it is safe and into its digits when not', () => {
    expect(encodeValue(1_790_000_000_123n)).toBe(1_790_000_000_123);
    expect(encodeValue(2n ** 64n)).toBe('18446744073709551616');
  });

  it('refuses a Date rather than guess its time zone', () => {
    expect(() => encodeValue(new Date())).toThrow(/Unerwarteter Wert in der Datenbank \(\[object Date\]\)/);
  });
});

describe('entry names', () => {
  it('accept only what a backup writes: tables, stored file names, the manifest', () => {
    expect(parseEntryName('tables/users.jsonl')).toEqual({ kind: 'table', name: 'users' });
    expect(parseEntryName('files/0a1b2c3d-0000-4000-8000-000000000001.pdf')).toEqual({
      kind: 'file',
      name: '0a1b2c3d-0000-4000-8000-000000000001.pdf',
    });
    expect(parseEntryName('manifest.json')).toEqual({ kind: 'manifest' });
  });

  it.each(['files/../../etc/passwd', 'files/.restore-x', 'files/a/b.pdf', 'files/Bericht.pdf', 'tables/../users.jsonl', 'tables/Users.jsonl', '/etc/passwd'])(
    'refuse %s, which could name a path outside UPLOADS_DIR or a table nobody made',
    (name) => {
      expect(parseEntryName(name)).toBeUndefined();
    },
  );
});

describe('verifyArchive', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'club-archive-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('refuses an archive with an entry outside the format, before reading the manifest', async () => {
    const file = join(dir, 'boese.tar.gz');
    const writer = await ArchiveWriter.create(file);
    await writer.addBuffer('files/../../boese.sh', Buffer.from('rm -rf /'));
    await writer.finish();
    await expect(verifyArchive(file)).rejects.toThrow('Die Sicherung ist beschädigt: unbekannter Eintrag files/../../boese.sh. Es wurde nichts verändert.');
  });

  it('refuses an archive without manifest and a file that is no archive', async () => {
    const empty = join(dir, 'leer.tar.gz');
    const writer = await ArchiveWriter.create(empty);
    await writer.addBuffer('tables/users.jsonl', Buffer.from('{"id":1}\n'));
    await writer.finish();
    await expect(verifyArchive(empty)).rejects.toThrow('Die Sicherung ist beschädigt: das Manifest fehlt. Es wurde nichts verändert.');
    await expect(verifyArchive(join(import.meta.dirname, 'backup-archive.test.ts'))).rejects.toThrow(/^Die Sicherung lässt sich nicht lesen/);
  });
});

describe('formatSize', () => {
  it('counts in KB and MB of 1024 with German decimals', () => {
    expect(formatSize(100)).toBe('100 Bytes');
    expect(formatSize(2764)).toBe('2,7 KB');
    expect(formatSize(312.4 * 1024 * 1024)).toBe('312,4 MB');
  });
});
