import { request } from 'node:http';
import type { Target } from './load.ts';

/** The baseline's registration path (baseline.ts). */
const ANSWER_PATH = '/__bench/answer';

export interface Answer {
  status: number;
  contentType: string | undefined;
  contentEncoding: string | undefined;
  /** Every other header the site sent with it (security headers, ETag, caching, Vary …). */
  headers: Record<string, string>;
  body: Buffer;
}

/** Headers node:http writes for every answer by itself, or that describe this one connection. */
const OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-type', 'content-encoding']);

/**
 * The site's answer to the target, asked as autocannon asks: node:http sends only Host,
 * Connection and the target's own headers, unlike fetch, which adds Accept-Encoding and
 * would get (and measure) a compressed answer that the load never sees.
 */
export function fetchAnswer(target: Target): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(target.url, { method: 'GET', headers: target.headers ?? {} }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(', ') : value);
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(response.headers)) {
          const text = single(value);
          if (text !== undefined && !OWN_HEADERS.has(name)) headers[name] = text;
        }
        resolve({
          status: response.statusCode ?? 0,
          contentType: single(response.headers['content-type']),
          contentEncoding: single(response.headers['content-encoding']),
          headers,
          body: Buffer.concat(chunks),
        });
      });
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/**
 * Fetches the target's answer once and fails fast when it is not the expected status (a
 * moved route, a missing asset), instead of benchmarking 404s for seconds.
 */
export async function checkTarget(target: Target): Promise<Answer> {
  const answer = await fetchAnswer(target);
  if (answer.status !== target.expectedStatus) {
    throw new Error(
      `${target.name}: ${target.url} antwortete ${answer.status} statt ${target.expectedStatus}: ${answer.body.toString('utf8', 0, 200)}`,
    );
  }
  return answer;
}

/** Pathname and query of a target's URL: what the baseline must answer. */
export function pathOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

/**
 * Makes the baseline answer the site target's path with the site's answer (status, every
 * header, body: the same bytes on the wire but the Date) and returns
 * the baseline's target for it: same path, same headers, same expected status.
 */
export async function mirrorAt(baselineUrl: string, target: Target, answer: Answer): Promise<Target> {
  const path = pathOf(target.url);
  const headers: Record<string, string> = {
    'content-type': 'application/octet-stream',
    'x-bench-path': path,
    'x-bench-status': String(answer.status),
  };
  if (answer.contentType) headers['x-bench-type'] = answer.contentType;
  if (answer.contentEncoding) headers['x-bench-encoding'] = answer.contentEncoding;
  headers['x-bench-headers'] = JSON.stringify(answer.headers);
  const response = await fetch(`${baselineUrl}${ANSWER_PATH}`, { method: 'PUT', headers, body: new Uint8Array(answer.body) });
  if (response.status !== 204) throw new Error(`Basis: Antwort für ${path} nicht hinterlegt: ${response.status} ${await response.text()}`);
  const mirrored: Target = { name: `Basis ${target.name}`, url: `${baselineUrl}${path}`, expectedStatus: answer.status };
  if (target.headers) mirrored.headers = target.headers;
  // Read back as the load will: the same status, type and bytes, or the comparison is void.
  const check = await fetchAnswer(mirrored);
  if (
    check.status !== answer.status ||
    check.contentType !== answer.contentType ||
    JSON.stringify(check.headers) !== JSON.stringify(answer.headers) ||
    !check.body.equals(answer.body)
  ) {
    throw new Error(`Basis: ${path} liefert nicht dieselbe Antwort wie die Website.`);
  }
  return mirrored;
}
