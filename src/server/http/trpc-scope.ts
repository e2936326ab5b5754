import cookie from '@fastify/cookie';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SERVER_ERROR_LOG_WINDOW_MS, SYSTEM_ACTOR } from '../areas/log/server-log.ts';
import { describeError, MAX_BATCH_SIZE, MESSAGES } from '../errors.ts';
import { appRouter, type AppRouter } from '../router.ts';
import type { ProcedureMeta } from '../trpc/index.ts';
import { canonicalInput, keepSharedReads } from './public-cache.ts';
import type { ContextFor } from './context.ts';
import { csrfGuard } from './security.ts';

export interface TrpcScopeOptions {
  contextFor: ContextFor;
  sessionCookie: string;
}

const JSON_TYPE = /^application\/json\s*(;|$)/i;
const BODYLESS_METHODS = new Set(['GET', 'HEAD']);

/**
 * The tRPC adapter passes a multipart body to tRPC as a stream that is read whole and
 * without limit; only JSON is parsed under the body limit. Anything else is refused
 * before a byte of its body is read.
 */
async function onlyJsonBodies(request: FastifyRequest, reply: FastifyReply) {
  const type = request.headers['content-type'];
  if (type === undefined ? BODYLESS_METHODS.has(request.method) : JSON_TYPE.test(type)) return;
  return reply.code(415).send({ message: MESSAGES.unsupportedMediaType });
}

type ProcedureTable = Record<string, { _def: { meta?: ProcedureMeta; inputs: unknown[] } } | undefined>;

const procedures = appRouter._def.procedures as unknown as ProcedureTable;

/**
 * The input schema of each shared read that reads one: its kept answer is keyed by the
 * input as this schema validates it (`canonicalInput`). Checked when the server starts, so
 * that no shared read is added whose input could not be keyed.
 */
const sharedInputs: ReadonlyMap<string, z.ZodType> = new Map(
  Object.entries(procedures).flatMap(([name, procedure]): [string, z.ZodType][] => {
    if (procedure?._def.meta?.sharedAnswer !== true || procedure._def.inputs.length === 0) return [];
    const [schema, ...more] = procedure._def.inputs;
    if (more.length > 0 || !(schema instanceof z.ZodType)) throw new Error(`${name}: a shared read takes at most one input, a zod schema`);
    return [[name, schema]];
  }),
);

/** The procedures a GET names (a batch names several) when each gives everybody the same answer. */
function sharedProcedures(request: FastifyRequest): string[] | undefined {
  const path = (request.params as { path?: string }).path;
  if (!path) return undefined;
  const names = path.split(',');
  return names.every((name) => procedures[name]?._def.meta?.sharedAnswer === true) ? names : undefined;
}

/**
 * tRPC streams JSON lines to a client asking for them with any trpc-accept, or with
 * application/jsonl among Accept (getAcceptHeader in tRPC's resolveResponse). The site's
 * client never does: such an answer is neither kept nor answered from memory, so nobody
 * gets lines in place of the JSON the site reads.
 */
function asksForJsonLines(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  return request.headers['trpc-accept'] !== undefined || (accept !== undefined && /jsonl/i.test(accept));
}

/** Where the plain answer of this address is kept: the inputs as tRPC reads them, see `plainAnswerKey`. */
function inputsKey(url: string, names: string[]): string | undefined {
  // Parsed as tRPC does (new URL), so the key cannot read another batch flag or input than tRPC.
  const parsed = url.includes('?') ? URL.parse(url, 'http://localhost') : undefined;
  if (parsed === null) return undefined;
  const search = parsed?.searchParams;
  const batch = search?.get('batch') === '1';
  const rawInput = search?.get('input');
  let input: unknown;
  if (rawInput) {
    try {
      input = JSON.parse(rawInput);
    } catch {
      return undefined; // tRPC refuses it: nothing to keep
    }
  }
  if (batch && input !== undefined && (typeof input !== 'object' || input === null || Array.isArray(input))) return undefined;
  // Only the inputs of procedures that read one, each as its schema validates it.
  const inputs: string[] = [];
  for (const [index, name] of names.entries()) {
    const schema = sharedInputs.get(name);
    if (!schema) continue;
    const canonical = canonicalInput(schema, batch ? (input as Record<number, unknown> | undefined)?.[index] : input);
    // Refused (an unknown field, a wrong value): tRPC answers 400, which is never kept.
    if (canonical === undefined) return undefined;
    inputs[index] = canonical;
  }
  return `${batch}\n${inputs.join('\n')}`;
}

/**
 * The key of a shared read's plain answer: the procedures, whether it is a batch, and the
 * validated input of each procedure that reads one. Other query parameters, the spelling of
 * the input (its JSON, the order of its fields, `"01"` for 1) and of the path make no new
 * key (DESIGN §8); an input with unknown fields is refused.
 */
function plainAnswerKey(request: FastifyRequest, route: string): string | undefined {
  const names = sharedProcedures(request);
  if (!names || asksForJsonLines(request)) return undefined;
  const inputs = inputsKey(request.url, names);
  return inputs === undefined ? undefined : `${route}\n${names.join(',')}\n${inputs}`;
}

/** tRPC at /trpc; it replaces the body parsers inside this scope, so it lives beside the REST shim. */
export const trpcScope: FastifyPluginAsync<TrpcScopeOptions> = async (scope, { contextFor, sessionCookie }) => {
  const { services } = scope;
  // The data scopes read and set the session cookie; files only for those not everybody may read, pages never.
  await scope.register(cookie);
  scope.addHook('onRequest', onlyJsonBodies);
  scope.addHook('onRequest', csrfGuard(sessionCookie));
  const answers = keepSharedReads(services.publicCache, (request) => sharedProcedures(request) !== undefined);
  scope.addHook('onRequest', answers.started);
  scope.addHook('onSend', answers.keep);
  // The adapter's one route serves every procedure; its key says which shared reads are kept.
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, answerKey: plainAnswerKey };
  });
  scope.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: MESSAGES.pathNotFound }));
  await scope.register(fastifyTRPCPlugin, {
    trpcOptions: {
      router: appRouter,
      maxBatchSize: MAX_BATCH_SIZE,
      createContext: ({ req, res }) => contextFor(req, res),
      onError: ({ error, path, req }) => {
        const { internal, unavailable } = describeError(error.cause && error.code === 'INTERNAL_SERVER_ERROR' ? error.cause : error);
        // As in the REST shim: the outage counts it (once per request, also in a batch) and the request's line says it.
        if (unavailable && error.code === 'INTERNAL_SERVER_ERROR') return services.outage.refuse(req, error);
        if (!internal || error.code !== 'INTERNAL_SERVER_ERROR') return;
        scope.log.error({ err: error.cause ?? error, path }, 'procedure failed');
        const procedure = path ?? 'unbekannt';
        void services.serverLog.writeOnce(
          `server-error\ntrpc\n${procedure}`,
          SYSTEM_ACTOR,
          `Serverfehler in ${procedure}: ${(error.cause ?? error).message}`,
          SERVER_ERROR_LOG_WINDOW_MS,
        );
      },
    },
  } satisfies FastifyTRPCPluginOptions<AppRouter>);
};
