import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_HTTP_TIMEOUTS } from '../../src/server/app.ts';
import { createJobQueue, type JobQueue } from '../../src/server/storage/job-queue.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { filesIn, multipartBody, namesInDatabase, png, postForm, waitFor, type FormPart } from '../helpers/multipart.ts';

/**
 * Uploads under clients that do not play along (issue 16, point 10): a body that never
 * ends, headers that dribble in, more images than allowed, and file names that are the
 * names of Object's own properties.
 */

/** Counts the jobs the app gives sharp, through the queue they must pass. */
class CountingQueue implements JobQueue {
  started = 0;
  readonly #queue = createJobQueue(1);
  run<T>(job: () => Promise<T>): Promise<T> {
    this.started += 1;
    return this.#queue.run(job);
  }
}

const imageJobs = new CountingQueue();
let t: TestApp;
let baseUrl: { port: number };

beforeAll(async () => {
  t = await createTestApp({ imageJobs });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = { port: (t.app.server.address() as AddressInfo).port };
});
afterAll(() => t.close());

/** A raw connection that collects what the server sends and knows when it closed. */
function rawConnection(port: number): { socket: Socket; received: () => string; closed: Promise<void> } {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => {});
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return { socket, received: () => text, closed };
}

async function statusLine(received: () => string): Promise<string> {
  await waitFor(async () => received().includes('\r\n'), 'the status line');
  return received().split('\r\n')[0]!;
}

describe('permission before the body', () => {
  const boundary = 'endlos';
  // A field, then nothing more: the body promises megabytes and never sends them.
  const start =
    `--${boundary}\r\nContent-Disposition: form-data; name="section"\r\n\r\ngun\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="album_id"\r\n\r\n1\r\n`;

  function endlessUpload(path: string, authorization: string | undefined) {
    const connection = rawConnection(baseUrl.port);
    connection.socket.write(
      `POST ${path} HTTP/1.1\r\nHost: localhost\r\n` +
        (authorization ? `Authorization: ${authorization}\r\n` : '') +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 50000000\r\n\r\n${start}`,
    );
    return connection;
  }

  it.each(['/api/downloads', '/api/sponsors', '/api/results', '/api/images', '/api/calendar/upload'])(
    '%s answers a member without the permission 403 and a visitor 401 while the body is still open',
    async (path) => {
      const member = await t.createMember(['hosts_view']);
      const forbidden = endlessUpload(path, member.auth.authorization);
      expect(await statusLine(forbidden.received)).toBe('HTTP/1.1 403 Forbidden');
      forbidden.socket.destroy();
      const anonymous = endlessUpload(path, undefined);
      expect(await statusLine(anonymous.received)).toBe('HTTP/1.1 401 Unauthorized');
      anonymous.socket.destroy();
      expect(await filesIn(t.uploadsDir)).toEqual(await namesInDatabase(t.db));
    },
  );
});

describe('HTTP timeouts', () => {
  it('are set: 30 s for the headers, 10 min for the whole request, 5 min of silence, 72 s between requests', () => {
    const { server } = t.app;
    expect(DEFAULT_HTTP_TIMEOUTS).toMatchObject({ headersMs: 30_000, requestMs: 600_000, idleMs: 300_000, keepAliveMs: 72_000 });
    expect([server.headersTimeout, server.requestTimeout, server.timeout, server.keepAliveTimeout]).toEqual([30_000, 600_000, 300_000, 72_000]);
  });

  describe('with short values', () => {
    let quick: TestApp;
    let port = 0;
    beforeAll(async () => {
      quick = await createTestApp({ httpTimeouts: { headersMs: 300, requestMs: 600, checkIntervalMs: 50 } });
      await quick.app.listen({ port: 0, host: '127.0.0.1' });
      port = (quick.app.server.address() as AddressInfo).port;
    });
    afterAll(() => quick.close());

    it('a client that sends its headers a line at a time gets 408 and the connection ends', async () => {
      const connection = rawConnection(port);
      connection.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n');
      let ended = false;
      void connection.closed.then(() => (ended = true));
      // A line every 50 ms: never idle, never done.
      for (let line = 0; !ended && line < 200; line += 1) {
        connection.socket.write(`X-Langsam-${line}: ja\r\n`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await connection.closed;
      expect(connection.received()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    });

    it('an upload whose body dribbles in gets 408, and its temporary file goes', async () => {
      const connection = rawConnection(port);
      const boundary = 'tropfen';
      connection.socket.write(
        'POST /api/downloads HTTP/1.1\r\nHost: localhost\r\n' +
          `Authorization: ${quick.admin.authorization}\r\n` +
          `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 100000\r\n\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="langsam.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
      );
      let ended = false;
      void connection.closed.then(() => (ended = true));
      for (let chunk = 0; !ended && chunk < 200; chunk += 1) {
        connection.socket.write('x'.repeat(10));
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await connection.closed;
      expect(connection.received()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
      await waitFor(async () => !(await filesIn(quick.uploadsDir)).some((name) => name.startsWith('.upload-')), 'the temporary file to go');
      expect(await quick.db.selectFrom('downloads').select('id').execute()).toEqual([]);
    });
  });
});

describe('image work', () => {
  async function createAlbum(): Promise<number> {
    const response = await t.inject({ method: 'POST', url: '/api/albums', headers: { ...t.admin, 'content-type': 'application/json' }, payload: { name: 'Viele', section: 'club' } });
    return response.json().data.id;
  }

  async function uploadImages(album: number, count: number) {
    const small = await png(8, 8);
    const parts: FormPart[] = [
      { name: 'section', value: 'club' },
      { name: 'album_id', value: String(album) },
      ...Array.from({ length: count }, (_, i) => ({ name: 'files[]', filename: `bild${i}.png`, content: small, contentType: 'image/png' })),
    ];
    return postForm(t, '/api/images', parts, t.admin);
  }

  it('goes through the app\'s queue; a 51st image refuses the request before any image is converted', async () => {
    const album = await createAlbum();
    const before = imageJobs.started;
    const fifty = await uploadImages(album, 50);
    expect(fifty.statusCode, fifty.body).toBe(201);
    expect(imageJobs.started - before).toBe(50);

    const fiftyOne = await uploadImages(album, 51);
    expect(fiftyOne.statusCode).toBe(413);
    expect(fiftyOne.json()).toEqual({ message: 'Es können höchstens 50 Bilder auf einmal hochgeladen werden.' });
    expect(imageJobs.started - before).toBe(50);
    expect(await filesIn(t.uploadsDir)).toEqual(await namesInDatabase(t.db));
  });

  it('a sponsor logo is converted in the same queue', async () => {
    const before = imageJobs.started;
    const response = await postForm(t, '/api/sponsors', [{ name: 'name', value: 'Bäckerei' }, { name: 'logo', filename: 'logo.png', content: await png(20, 20) }], t.admin);
    expect(response.statusCode, response.body).toBe(201);
    expect(imageJobs.started - before).toBe(1);
  });
});

describe('the job queue', () => {
  function deferred() {
    let resolve!: () => void;
    const promise = new Promise<void>((done) => (resolve = done));
    return { promise, resolve };
  }

  it('runs at most its limit at once and the others in order of arrival', async () => {
    const queue = createJobQueue(1);
    const order: string[] = [];
    const gates = [deferred(), deferred(), deferred()];
    const jobs = gates.map((gate, index) =>
      queue.run(async () => {
        order.push(`start ${index}`);
        await gate.promise;
        order.push(`end ${index}`);
        return index;
      }),
    );
    await Promise.resolve();
    expect(order).toEqual(['start 0']);
    gates[2]!.resolve();
    gates[0]!.resolve();
    expect(await jobs[0]).toBe(0);
    await waitFor(async () => order.includes('start 1'), 'the second job');
    expect(order).toEqual(['start 0', 'end 0', 'start 1']);
    gates[1]!.resolve();
    expect(await Promise.all(jobs)).toEqual([0, 1, 2]);
    expect(order).toEqual(['start 0', 'end 0', 'start 1', 'end 1', 'start 2', 'end 2']);
  });

  it('passes a failure to its caller and goes on with the next job', async () => {
    const queue = createJobQueue(2);
    const failing = queue.run(() => Promise.reject(new Error('kaputt')));
    await expect(failing).rejects.toThrow('kaputt');
    expect(await Promise.all([1, 2, 3].map((value) => queue.run(async () => value)))).toEqual([1, 2, 3]);
  });
});

describe("names of Object's own properties", () => {
  it.each(['liste.constructor', 'x.__proto__', 'a.toString', 'hasOwnProperty', 'b.hasOwnProperty', 'c.valueOf'])(
    'a text file named %s is stored as unknown (.bin), not a 500',
    async (filename) => {
      const response = await postForm(t, '/api/downloads', [{ name: 'file', filename, content: 'Name;Ort\n' }], t.admin);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().data).toMatchObject({ filename, type: 'application/octet-stream' });
      expect(response.json().data.file_url).toMatch(/\.bin$/);
      const attachment = await postForm(t, '/api/calendar/upload', [{ name: 'attachments[]', filename, content: 'Name;Ort\n' }], t.admin);
      expect(attachment.statusCode, attachment.body).toBe(201);
      expect(attachment.json().data[0]).toMatchObject({ filename, type: 'application/octet-stream' });
    },
  );

  it.each(['__proto__', 'constructor', 'toString'])('a form field named %s is refused with a German 400, and nothing is stored', async (field) => {
    const before = await filesIn(t.uploadsDir);
    const body = multipartBody([
      { name: field, value: 'x' },
      { name: 'name', value: 'Metzgerei' },
      { name: 'logo', filename: 'logo.png', content: await png(10, 10) },
    ]);
    const response = await t.inject({ method: 'POST', url: '/api/sponsors', headers: { ...t.admin, ...body.headers }, payload: body.payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Die Anfrage ist ungültig.' });
    expect(await filesIn(t.uploadsDir)).toEqual(before);
  });

  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])('GET /trpc/%s answers 404, not 500, alone and in a batch', async (name) => {
    const alone = await t.inject({ method: 'GET', url: `/trpc/${name}` });
    expect(alone.statusCode, alone.body).toBe(404);
    const batch = await t.inject({ method: 'GET', url: `/trpc/${name},content.publicInfo?batch=1` });
    expect(batch.statusCode, batch.body).toBe(207);
    expect(batch.json()[0].error.data.code).toBe('NOT_FOUND');
  });
});
