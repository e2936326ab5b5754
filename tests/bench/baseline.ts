import Fastify from 'fastify';

/**
 * The bench's yardstick: a bare Fastify on the same machine, Node and Fastify version as
 * the site, answering the same JSON as /api/health. The site's figures are printed as
 * ratios to this one, so a slower or faster machine does not change what they mean.
 * Run as its own process like the site, so neither shares an event loop with the load
 * generator.
 */
const port = Number(process.env.PORT);
if (!Number.isInteger(port) || port <= 0) {
  process.stderr.write('PORT fehlt oder ist ungültig.\n');
  process.exit(1);
}

const app = Fastify({ logger: false });
app.get('/', async () => ({ status: 'ok' }));

const shutdown = () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);

await app.listen({ port, host: '127.0.0.1' });
