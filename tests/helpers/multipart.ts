import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import sharp from 'sharp';
import type { Db } from '../../src/server/db/connection.ts';

export type FormPart =
  | { name: string; value: string }
  | { name: string; filename: string; content: Buffer | string; contentType?: string };

export interface MultipartBody {
  payload: Buffer;
  headers: { 'content-type': string };
}

/** A multipart/form-data body built by hand, in exactly the given part order. */
export function multipartBody(parts: FormPart[], boundary = `----test${randomBytes(8).toString('hex')}`): MultipartBody {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('value' in part) {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
      );
      chunks.push(Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content));
      chunks.push(Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A small but real PDF: file-type knows it by its %PDF header. */
export function pdf(padTo = 0): Buffer {
  const body = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
  return padTo > body.length ? Buffer.concat([body, Buffer.alloc(padTo - body.length, 0x20)]) : body;
}

export const HTML_PAGE = '<!doctype html><html><body><script>alert(1)</script></body></html>';
export const SVG_IMAGE = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';

export function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#0a5' } })
    .png()
    .toBuffer();
}

/** A JPEG carrying EXIF metadata (camera and orientation), to see that it is stripped. */
export function jpegWithExif(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#a50' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'Testkamera', Copyright: 'Geheim' } })
    .toBuffer();
}

/** The stored files (temporary ones included) of an UPLOADS_DIR, sorted. */
export async function filesIn(dir: string): Promise<string[]> {
  return (await readdir(dir)).sort();
}

/** Every stored name the database holds, across the tables that keep files. */
export async function namesInDatabase(db: Db): Promise<string[]> {
  const downloads = await db.selectFrom('downloads').select('stored_name as name').execute();
  const results = await db.selectFrom('results').select('stored_name as name').execute();
  const sponsors = await db.selectFrom('sponsors').select('logo_stored_name as name').execute();
  const images = await db.selectFrom('images').select('stored_name as name').execute();
  const thumbnails = await db.selectFrom('images').select('thumb_name as name').execute();
  const phoneVersions = (await db.selectFrom('images').select('medium_name').where('medium_name', 'is not', null).execute()).map((row) => ({ name: row.medium_name! }));
  const attachments = await db.selectFrom('attachments').select('stored_name as name').execute();
  const clubPictures = await db.selectFrom('club_picture_files').select('stored_name as name').execute();
  const news = (await db.selectFrom('news_images').select(['stored_name', 'thumb_name', 'medium_name', 'wide_name']).execute()).flatMap((row) => [
    { name: row.stored_name },
    { name: row.thumb_name },
    { name: row.medium_name },
    { name: row.wide_name },
  ]);
  return [...downloads, ...results, ...sponsors, ...images, ...thumbnails, ...phoneVersions, ...attachments, ...clubPictures, ...news].map((row) => row.name).sort();
}

/** Polls until the check holds (an aborted request is cleaned up after its socket closed, not before). */
export async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** POSTs a multipart form through app.inject. */
export function postForm(
  app: { inject: (options: import('fastify').InjectOptions) => Promise<import('fastify').LightMyRequestResponse> },
  url: string,
  parts: FormPart[],
  headers: Record<string, string>,
) {
  const body = multipartBody(parts);
  return app.inject({ method: 'POST', url, headers: { ...headers, ...body.headers }, payload: body.payload });
}
