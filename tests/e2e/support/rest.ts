import { ADMIN_PASSWORD, ADMIN_UID, type Site } from './site.ts';

const authorization = `Basic ${Buffer.from(`${ADMIN_UID}:${ADMIN_PASSWORD}`).toString('base64')}`;

/**
 * A write of the administrator over REST, as a legacy client makes it, to prepare what a
 * test's screens show; fails loudly when refused.
 */
export async function writeAsAdmin(site: Site, method: 'POST' | 'PUT', path: string, body: object | FormData): Promise<{ data?: { id: number } }> {
  const form = body instanceof FormData;
  const response = await fetch(`${site.baseUrl}/api${path}`, {
    method,
    headers: { authorization, 'x-requested-with': 'XMLHttpRequest', ...(form ? {} : { 'content-type': 'application/json' }) },
    body: form ? body : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { data?: { id: number } };
}
