import sharp from 'sharp';
import { measure, measureWhile, type LoadOptions, type Measurement, type Target } from './load.ts';
import { formatMs, formatRatio, formatTable } from './table.ts';

/**
 * The gallery upload scenario: how a public read answers while a member uploads 20
 * photos in one request (DESIGN §8: sharp works off the event loop, one photo after the
 * other). The read is measured alone and then during the upload, both in this run; only
 * the ratio between the two is meant to be compared between machines.
 */

export const UPLOAD_PHOTOS = 20;
/** A phone photo's size; mild noise gives it a real photo's detail and file size (about 2.4 MB; a flat colour would cost nothing). */
const PHOTO_WIDTH = 4000;
const PHOTO_HEIGHT = 3000;
/** One client asking again and again: latency, not throughput, is the question here. */
const PROBE_CONNECTIONS = 1;

export interface UploadScenario {
  idle: Measurement;
  during: Measurement;
  uploadSeconds: number;
  stored: number;
}

async function photo(): Promise<Buffer> {
  return sharp({ create: { width: PHOTO_WIDTH, height: PHOTO_HEIGHT, channels: 3, background: '#6a8', noise: { type: 'gaussian', mean: 120, sigma: 10 } } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

async function signIn(baseUrl: string, uid: string, password: string): Promise<Record<string, string>> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ username: uid, password }),
  });
  const cookie = response.headers.getSetCookie().find((value) => value.includes('session='));
  if (response.status !== 200 || !cookie) throw new Error(`Anmeldung für den Upload fehlgeschlagen: ${response.status}`);
  return { cookie: cookie.split(';')[0]!, 'x-requested-with': 'XMLHttpRequest' };
}

async function createAlbum(baseUrl: string, headers: Record<string, string>): Promise<number> {
  const response = await fetch(`${baseUrl}/api/albums`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Benchmark', section: 'club' }),
  });
  if (response.status !== 201) throw new Error(`Album anlegen fehlgeschlagen: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

async function uploadPhotos(baseUrl: string, headers: Record<string, string>, albumId: number, content: Buffer): Promise<number> {
  const form = new FormData();
  form.append('section', 'club');
  form.append('album_id', String(albumId));
  const blob = new Blob([new Uint8Array(content)], { type: 'image/jpeg' });
  for (let i = 1; i <= UPLOAD_PHOTOS; i++) form.append('files[]', blob, `foto-${i}.jpg`);
  const response = await fetch(`${baseUrl}/api/images`, { method: 'POST', headers, body: form });
  const body = (await response.json()) as { data?: unknown[]; message?: string };
  if (response.status !== 201) throw new Error(`Upload fehlgeschlagen: ${response.status} ${body.message ?? ''}`);
  return body.data?.length ?? 0;
}

export async function runUploadScenario(
  baseUrl: string,
  admin: { uid: string; password: string },
  read: Target,
  options: LoadOptions,
): Promise<UploadScenario> {
  const headers = await signIn(baseUrl, admin.uid, admin.password);
  const albumId = await createAlbum(baseUrl, headers);
  const content = await photo();
  const probe: LoadOptions = { ...options, connections: PROBE_CONNECTIONS };
  const idle = await measure(read, probe);
  const started = performance.now();
  const { measurement: during, result: stored } = await measureWhile(read, probe, () => uploadPhotos(baseUrl, headers, albumId, content));
  return { idle, during, stored, uploadSeconds: (performance.now() - started) / 1000 };
}

/** Members uploading a gallery at the same moment in the parallel scenario. */
export const PARALLEL_UPLOADS = 4;

export interface ParallelUploadScenario {
  /** Each measured alone and then during the uploads. */
  login: { idle: Measurement; during: Measurement };
  thumbnail: { idle: Measurement; during: Measurement };
  uploadSeconds: number;
  stored: number;
}

/**
 * Four members upload 20 photos each at once while a member logs in again and again and a
 * visitor asks for a thumbnail from the disk: bcrypt (the login) and the file system share
 * libuv's thread pool with sharp, so these two show whether the image queue leaves them
 * room. The thumbnail is asked with a query, which the site never keeps in memory, so
 * every answer reads the disk as a large file's would.
 */
export async function runParallelUploadScenario(
  baseUrl: string,
  admin: { uid: string; password: string },
  thumbnailPath: string,
  options: LoadOptions,
): Promise<ParallelUploadScenario> {
  const headers = await signIn(baseUrl, admin.uid, admin.password);
  const content = await photo();
  const albums: number[] = [];
  for (let i = 0; i < PARALLEL_UPLOADS; i += 1) albums.push(await createAlbum(baseUrl, headers));
  const login: Target = {
    name: 'POST /api/login',
    url: `${baseUrl}/api/login`,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ username: admin.uid, password: admin.password }),
    expectedStatus: 200,
  };
  const thumbnail: Target = { name: 'GET /files/<Vorschaubild>?… (von der Platte)', url: `${baseUrl}${thumbnailPath}?platte`, expectedStatus: 200 };
  const probe: LoadOptions = { ...options, connections: PROBE_CONNECTIONS };
  const idle = { login: await measure(login, probe), thumbnail: await measure(thumbnail, probe) };
  const started = performance.now();
  const { measurement: loginDuring, result } = await measureWhile(login, probe, async () => {
    const { measurement, result: counts } = await measureWhile(thumbnail, probe, () =>
      Promise.all(albums.map((albumId) => uploadPhotos(baseUrl, headers, albumId, content))),
    );
    return { thumbnailDuring: measurement, stored: counts.reduce((sum, count) => sum + count, 0) };
  });
  return {
    login: { idle: idle.login, during: loginDuring },
    thumbnail: { idle: idle.thumbnail, during: result.thumbnailDuring },
    stored: result.stored,
    uploadSeconds: (performance.now() - started) / 1000,
  };
}

export function parallelUploadTable(scenario: ParallelUploadScenario): string {
  const rows = [scenario.login, scenario.thumbnail].flatMap(({ idle, during }) => [
    [`${idle.target.name}, ruhig`, formatMs(idle.latencyP50Ms), formatMs(idle.latencyP99Ms), formatRatio(1), formatRatio(1), String(idle.failures)],
    [
      `${during.target.name}, während ${PARALLEL_UPLOADS} × ${UPLOAD_PHOTOS} Fotos`,
      formatMs(during.latencyP50Ms),
      formatMs(during.latencyP99Ms),
      formatRatio(during.latencyP50Ms / idle.latencyP50Ms),
      formatRatio(during.latencyP99Ms / idle.latencyP99Ms),
      String(during.failures),
    ],
  ]);
  return formatTable(
    [
      { title: 'Ziel', align: 'left' },
      { title: 'p50 (ms)', align: 'right' },
      { title: 'p99 (ms)', align: 'right' },
      { title: 'Verhältnis p50', align: 'right' },
      { title: 'Verhältnis p99', align: 'right' },
      { title: 'Fehlschläge', align: 'right' },
    ],
    rows,
  );
}

export function uploadTable(scenario: UploadScenario): string {
  const { idle, during } = scenario;
  return formatTable(
    [
      { title: 'Ziel', align: 'left' },
      { title: 'p50 (ms)', align: 'right' },
      { title: 'p99 (ms)', align: 'right' },
      { title: 'Verhältnis p50', align: 'right' },
      { title: 'Verhältnis p99', align: 'right' },
      { title: 'Fehlschläge', align: 'right' },
    ],
    [
      [`${idle.target.name}, ruhig`, formatMs(idle.latencyP50Ms), formatMs(idle.latencyP99Ms), formatRatio(1), formatRatio(1), String(idle.failures)],
      [
        `${during.target.name}, während ${UPLOAD_PHOTOS} Fotos hochgeladen werden`,
        formatMs(during.latencyP50Ms),
        formatMs(during.latencyP99Ms),
        formatRatio(during.latencyP50Ms / idle.latencyP50Ms),
        formatRatio(during.latencyP99Ms / idle.latencyP99Ms),
        String(during.failures),
      ],
    ],
  );
}
