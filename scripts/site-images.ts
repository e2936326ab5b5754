/**
 * Makes the site's own pictures from its emblem (public/favicon.svg): favicon.ico for old
 * clients and the browser's default request, the web app manifest's icons, and the image a
 * shared link shows when a page has none of its own (Open Graph, 1200 × 630). The results
 * are committed in public/; run `node scripts/site-images.ts` after changing the emblem.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';

const publicDir = join(import.meta.dirname, '..', 'public');
const GREEN = '#1b5e20';

async function png(svg: Buffer, size: number): Promise<Buffer> {
  return sharp(svg, { density: 72 * (size / 64) * 2 }).resize(size, size).png({ compressionLevel: 9 }).toBuffer();
}

/** An .ico holding PNG images (Windows Vista and every browser read PNG inside ICO). */
function ico(images: { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  const entries: Buffer[] = [];
  let offset = 6 + 16 * images.length;
  for (const { size, data } of images) {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt8(0, 2);
    entry.writeUInt8(0, 3);
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    entries.push(entry);
  }
  return Buffer.concat([header, ...entries, ...images.map((image) => image.data)]);
}

const emblem = await readFile(join(publicDir, 'favicon.svg'));
const sizes = [16, 32, 48];
await writeFile(join(publicDir, 'favicon.ico'), ico(await Promise.all(sizes.map(async (size) => ({ size, data: await png(emblem, size) })))));
for (const size of [192, 512]) await writeFile(join(publicDir, `icon-${size}.png`), await png(emblem, size));

// The shared-link picture: the emblem on the club's green, wide as Open Graph asks.
const emblemPng = await png(emblem, 420);
await writeFile(
  join(publicDir, 'og-image.png'),
  await sharp({ create: { width: 1200, height: 630, channels: 3, background: GREEN } })
    .composite([{ input: emblemPng, gravity: 'centre' }])
    .png({ compressionLevel: 9 })
    .toBuffer(),
);
process.stdout.write('public/favicon.ico, icon-192.png, icon-512.png, og-image.png geschrieben\n');
