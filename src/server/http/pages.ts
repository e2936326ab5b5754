import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { MESSAGES } from '../errors.ts';
import type { ContentEncoding } from './encoding.ts';
import { etagOf, prepareAnswer, writeAnswer, type PreparedAnswer } from './public-cache.ts';

export interface PagesOptions {
  /** The built client (vite build); without it only the API answers, as in the api tests. */
  clientDir: string | undefined;
  /** The page's security headers (security.ts), sent with every variant. */
  securityHeaders: Readonly<Record<string, string>>;
}

/**
 * The app's page, read once with the compressed copies the build wrote and its headers
 * made once, security headers included: no request touches the disk, and every visit's
 * first request costs little more than its bytes.
 */
function readIndexPage(clientDir: string, securityHeaders: Readonly<Record<string, string>>): PreparedAnswer | undefined {
  const path = join(clientDir, 'index.html');
  if (!existsSync(path)) return undefined;
  const body = readFileSync(path);
  const etag = etagOf(body);
  const encoded: Partial<Record<ContentEncoding, Buffer>> = {};
  for (const [suffix, encoding] of [['.br', 'br'], ['.gz', 'gzip']] as const) {
    if (existsSync(path + suffix)) encoded[encoding] = readFileSync(path + suffix);
  }
  const headers = { ...securityHeaders, 'cache-control': 'no-cache', etag, 'content-type': 'text/html; charset=utf-8' };
  return prepareAnswer({ body, etag, headers, encoded });
}

/** The built client: hashed assets from disk, and every route of the app answered with its page. */
export const pages: FastifyPluginAsync<PagesOptions> = async (app, { clientDir, securityHeaders }) => {
  const page = clientDir ? readIndexPage(clientDir, securityHeaders) : undefined;
  if (clientDir && page) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      // scripts/compress.ts writes .br/.gz at build time; phones get a third of the bytes.
      preCompressed: true,
      setHeaders: (res, path) => {
        // Vite puts a content hash in every asset name, so they never change.
        res.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    // A missing asset (an old build's chunk, say) must not be answered with the page's HTML.
    if (!page || request.url.startsWith('/assets/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ message: MESSAGES.pathNotFound });
    }
    // Every other path is a route of the app, whose router shows its own not-found page.
    writeAnswer(request, reply, page);
  });
};
