import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * The bench's yardstick: a bare Fastify on the same machine, Node and Fastify version as
 * the site. For every target the bench registers the site's answer here first (status,
 * every header, the very bytes), so the baseline serves the same path with the same
 * bytes and the ratio shows what the site's work costs beyond sending them. GET / stays a
 * small JSON for orientation. Run as its own process like the site, so neither shares an
 * event loop with the load generator.
 */
const port = Number(process.env.PORT);
if (!Number.isInteger(port) || port <= 0) {
  process.stderr.write('PORT fehlt oder ist ungültig.\n');
  process.exit(1);
}

/** Where the bench registers an answer (mirror.ts); bench-only, and no site path starts with it. */
const ANSWER_PATH = '/__bench/answer';

interface Answer {
  status: number;
  contentType: string | undefined;
  contentEncoding: string | undefined;
  /** The site's other headers, sent alike: the same bytes on the wire. */
  headers: Record<string, string>;
  body: Buffer;
}

// The calendar's answer with 2000 appointments is a few MB.
const app = Fastify({ logger: false, bodyLimit: 64 * 1024 * 1024 });
const answers = new Map<string, Answer>();

app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

app.get('/', async () => ({ status: 'ok' }));

/** The site's answer for a path (with query), described by headers; the body is its bytes. */
app.put<{ Body: Buffer }>(ANSWER_PATH, async (request, reply) => {
  const header = (name: string) => {
    const value = request.headers[name];
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  const path = header('x-bench-path');
  const status = Number(header('x-bench-status'));
  if (!path?.startsWith('/') || !Number.isInteger(status)) return reply.code(400).send({ message: 'x-bench-path oder x-bench-status fehlt.' });
  const headers = JSON.parse(header('x-bench-headers') ?? '{}') as Record<string, string>;
  answers.set(path, { status, contentType: header('x-bench-type'), contentEncoding: header('x-bench-encoding'), headers, body: request.body });
  return reply.code(204).send();
});

/** Stored answers are served to GET and, for write scenarios (the sign-up race), to POST alike. */
const serveAnswer = async (request: FastifyRequest, reply: FastifyReply) => {
  const answer = answers.get(request.url);
  if (!answer) return reply.code(404).send({ message: `Keine Antwort für ${request.url} hinterlegt.` });
  reply.code(answer.status).headers(answer.headers);
  if (answer.contentType) reply.header('content-type', answer.contentType);
  if (answer.contentEncoding) reply.header('content-encoding', answer.contentEncoding);
  return reply.send(answer.body);
};
app.get('/*', serveAnswer);
app.post('/*', serveAnswer);

const shutdown = () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);

await app.listen({ port, host: '127.0.0.1' });
