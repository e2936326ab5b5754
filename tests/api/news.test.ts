import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderPage } from '../../src/client/entry-server.tsx';
import type { Clock } from '../../src/server/services.ts';
import type { NewsDocument } from '../../src/shared/newsDocument.ts';
import { NEWS_DOCUMENT_MESSAGES } from '../../src/shared/schemas/newsDocument.ts';
import { NEWS_MESSAGES } from '../../src/shared/schemas/news.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { png, postForm } from '../helpers/multipart.ts';

/**
 * The club's news (issue 27.1–27.3): articles saved, published, scheduled and deleted by
 * members with the news permissions, the body validated against the allow-list, the
 * public list, article pages, home page, feed and sitemap, which never show a draft or a
 * future article, not even from a kept answer, and show a scheduled one at its time.
 */

const ORIGIN = 'https://verein.example';
let now = new Date('2026-11-27T10:00:00Z');
const clock: Clock = { now: () => now };

let t: TestApp;
let editor: { authorization: string };
let viewer: { authorization: string };
let outsider: { authorization: string };

beforeAll(async () => {
  t = await createTestApp({ renderer: renderPage, clock }, { PUBLIC_URL: ORIGIN });
  editor = (await t.createMember(['news_view', 'news_create', 'news_update', 'news_delete'])).auth;
  viewer = (await t.createMember(['news_view'])).auth;
  outsider = (await t.createMember(['dashboard_view', 'dashboard_update'])).auth;
});
afterAll(() => t.close());

function doc(...content: unknown[]): unknown {
  return { type: 'doc', content };
}
const paragraph = (text: string, marks?: unknown[]) => ({ type: 'paragraph', content: [{ type: 'text', text, ...(marks ? { marks } : {}) }] });

function trpcPost(path: string, input: unknown, headers: Record<string, string> = editor) {
  return t.inject({ method: 'POST', url: `/trpc/${path}`, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(input) });
}
function trpcGet(path: string, input?: unknown, headers: Record<string, string> = {}) {
  const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  return t.inject({ method: 'GET', url: `/trpc/${path}${query}`, headers });
}

function article(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Kreismeisterschaft 2026',
    teaser: 'Drei Titel für unsere Bogenschützen.',
    body: doc(paragraph('Ein großer Tag für den Verein.')),
    section: 'arch',
    coverImageId: null,
    appointmentId: null,
    albumId: null,
    state: 'published',
    ...overrides,
  };
}

async function create(overrides: Record<string, unknown> = {}) {
  const response = await trpcPost('news.create', article(overrides));
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.data.data as { id: number; slug: string; state: string; publishAt: string | null };
}

const page = (url: string) => t.inject({ method: 'GET', url });

describe('permissions', () => {
  it('refuses anonymous (401) and members without the permission (403), allows with it', async () => {
    expect((await trpcPost('news.create', article(), {})).statusCode).toBe(401);
    expect((await trpcPost('news.create', article(), outsider)).statusCode).toBe(403);
    expect((await trpcPost('news.create', article(), viewer)).statusCode).toBe(403);
    expect((await trpcGet('news.list', undefined, {})).statusCode).toBe(401);
    expect((await trpcGet('news.list', undefined, outsider)).statusCode).toBe(403);
    expect((await trpcGet('news.list', undefined, viewer)).statusCode).toBe(200);
  });

  it('lists the news permissions in GET /api/permissions', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/permissions', headers: t.admin });
    expect(response.statusCode).toBe(200);
    const names = JSON.stringify(response.json());
    for (const name of ['news_view', 'news_create', 'news_update', 'news_delete']) expect(names).toContain(name);
  });
});

describe('saving and publishing', () => {
  it('publishes an article: slug from the title, shown on /aktuelles, its page and the home page, logged', async () => {
    const saved = await create({ title: 'Sommerfest am 5. Juli – Einladung!' });
    expect(saved.slug).toBe('sommerfest-am-5-juli-einladung');
    expect(saved.state).toBe('published');
    const list = await trpcGet('news.publicList');
    expect(list.json().result.data.articles.map((entry: { slug: string }) => entry.slug)).toContain(saved.slug);
    const articlePage = await page(`/aktuelles/${saved.slug}`);
    expect(articlePage.statusCode).toBe(200);
    expect(articlePage.body).toContain('Sommerfest am 5. Juli – Einladung!');
    expect(articlePage.body).toContain(`<link rel="canonical" href="${ORIGIN}/aktuelles/${saved.slug}" />`);
    expect((await page('/home')).body).toContain('Sommerfest am 5. Juli – Einladung!');
    const log = await t.db.selectFrom('log_entries').select('message').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(log.message).toContain(`Artikel ${saved.id} („Sommerfest am 5. Juli – Einladung!“) angelegt: Veröffentlicht`);
  });
});
