import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../errors.ts';
import { etagOf, matchesEtag } from './public-cache.ts';

export interface PagesOptions {
  /** The built client (vite build); without it only the API answers, as in the api tests. */
  clientDir: string | undefined;
  /** The page's security headers (security.ts), sent with every variant. */
  securityHeaders: Readonly<Record<string, string>>;
}

interface Variant {
  body: Buffer;
  encoding: 'br' | 'gzip' | undefined;
  /** The headers that go with this body, made once. */
  headers: Readonly<Record<string, string>>;
}

/** The app's page, read once with the compressed copies the build wrote, so no request touches the disk. */
interface IndexPage {
  etag: string;
  variants: Variant[];
  notModifiedHeaders: Readonly<Record<string, string>>;
}

function readIndexPage(clientDir: string, securityHeaders: Readonly<Record<string, string>>): IndexPage | undefined {
  const path = join(clientDir, 'index.html');
  if (!existsSync(path)) return undefined;
  const body = readFileSync(path);
  const etag = etagOf(body);
  const notModifiedHeaders = { ...securityHeaders, 'cache-control': 'no-cache', etag, vary: 'Accept-Encoding' };
  const variantOf = (content: Buffer, encoding: Variant['encoding']): Variant => ({
    body: content,
    encoding,
    headers: {
      ...notModifiedHeaders,
      'content-type': 'text/html; charset=utf-8',
      'content-length': String(content.length),
      ...(encoding ? { 'content-encoding': encoding } : {}),
    },
  });
  const variants: Variant[] = [];
  for (const [suffix, encoding] of [['.br', 'br'], ['.gz', 'gzip']] as const) {
    if (existsSync(path + suffix)) variants.push(variantOf(readFileSync(path + suffix), encoding));
  }
  variants.push(variantOf(body, undefined));
  return { etag, variants, notModifiedHeaders };
}

function acceptedEncodings(request: FastifyRequest): Set<string> {
  const header = request.headers['accept-encoding'] ?? '';
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name && !params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param))) accepted.add(name);
  }
  return accepted;
}

/**
 * Written straight to the socket with the headers made at start-up, security headers
 * included: every visit's first request costs little more than its bytes.
 */
function sendIndexPage(page: IndexPage, request: FastifyRequest, reply: FastifyReply) {
  reply.hijack();
  if (matchesEtag(request.headers['if-none-match'], page.etag)) {
    reply.raw.writeHead(304, page.notModifiedHeaders).end();
    return;
  }
  const accepted = request.headers['accept-encoding'] ? acceptedEncodings(request) : undefined;
  const variant = page.variants.find((candidate) => !candidate.encoding || accepted?.has(candidate.encoding)) ?? page.variants.at(-1)!;
  reply.raw.writeHead(200, variant.headers).end(variant.body);
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
    return sendIndexPage(page, request, reply);
  });
};
