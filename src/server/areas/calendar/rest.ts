import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { matchesEtag, PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL, sendCached, sharedReadRoute } from '../../http/public-cache.ts';
import { untrusted, type RestOptions } from '../../http/rest.ts';
import { isSectionSlug, sectionFeedPath, sectionSlug, UNKNOWN_SECTION } from '../../../shared/sectionGroups.ts';
import type { Feed } from './feed.ts';
import { readUploadForm, TOO_MANY_FILES, uploadRoute } from '../../storage/multipart.ts';
import { MAX_ATTACHMENTS_PER_UPLOAD } from './router.ts';
import { LEGACY_PUBLIC_APPOINTMENT_FIELDS, type PublicAppointment } from '../../../shared/schemas/calendar.ts';

/** An appointment of the public list as legacy clients read it (SPEC §7). */
function legacyAppointment(appointment: PublicAppointment): Record<string, unknown> {
  return Object.fromEntries(LEGACY_PUBLIC_APPOINTMENT_FIELDS.map((field) => [field, appointment[field]]));
}

type IdParams = { Params: { id: string } };

/** Calendar paths of SPEC §7 and the iCal feed (DESIGN §8). */
export const calendarRest: FastifyPluginAsync<RestOptions> = async (app, { callerFor }) => {
  const { storage } = app.services;

  app.get('/public/calendar', sharedReadRoute(), async (request, reply) => {
    const caller = await callerFor(request, reply);
    // The fields of SPEC §7 and no more: what the pages read besides (the series) stays in the tRPC answer.
    return sendCached(request, reply, await caller.calendar.publicList(), 'legacy-list', (data) => ({ data: data.map(legacyAppointment) }));
  });

  const sendFeed = (request: FastifyRequest, reply: FastifyReply, feed: Feed, filename: string) => {
    reply.header('ETag', feed.etag).header('Cache-Control', PUBLIC_CACHE_CONTROL);
    if (matchesEtag(request.headers['if-none-match'], feed.etag)) return reply.code(304).send();
    return reply
      .type('text/calendar; charset=utf-8')
      .header('Content-Disposition', `inline; filename="${filename}"`)
      .send(feed.body);
  };

  app.get('/public/calendar.ics', sharedReadRoute(), async (request, reply) => {
    const caller = await callerFor(request, reply);
    return sendFeed(request, reply, await caller.calendar.publicFeed(), 'termine.ics');
  });

  // One section's feed (issue 26). Its answer is kept under the slug as the address spells it,
  // and only the canonical spelling is answered: another spelling of a section ('Bogen',
  // 'LG_LP') is sent there (301), anything else is 404, and neither is kept.
  app.get<{ Params: { section: string } }>('/public/calendar/:section.ics', sharedReadRoute(), async (request, reply) => {
    const caller = await callerFor(request, reply);
    const { section } = request.params;
    if (!isSectionSlug(section)) {
      const slug = sectionSlug(section);
      const known = slug !== '' && (await caller.calendar.publicSections()).some((candidate) => candidate.slug === slug);
      if (known) return reply.redirect(sectionFeedPath(slug), 301);
      return reply.code(404).send({ message: UNKNOWN_SECTION });
    }
    // A slug that names no section is 404 from the procedure.
    return sendFeed(request, reply, await caller.calendar.publicFeed({ section }), `termine-${section}.ics`);
  });

  // A program polling the month gets the bytes kept for it after the permission check (router.ts).
  const sendMonth = async (request: FastifyRequest, reply: FastifyReply, input: unknown) => {
    const caller = await callerFor(request, reply);
    return sendCached(request, reply, await caller.calendar.month(untrusted(input)), 'list', (data) => ({ data }), PRIVATE_CACHE_CONTROL);
  };

  // `/api/calendar/2026-11`; the year and month apart are the other spelling.
  app.get<{ Params: { month: string } }>('/calendar/:month', async (request, reply) => {
    const match = /^(\d{4})-(\d{1,2})$/.exec(request.params.month);
    return sendMonth(request, reply, match ? { year: match[1], month: match[2] } : { year: request.params.month, month: undefined });
  });

  app.get<{ Params: { year: string; month: string } }>('/calendar/:year/:month', async (request, reply) =>
    sendMonth(request, reply, { year: request.params.year, month: request.params.month }),
  );

  // Multipart `attachments[]`, any type; the answer's data is what the appointment then names.
  await uploadRoute(app, '/calendar/upload', async (request, reply) => {
    const caller = await callerFor(request, reply);
    const { files } = await readUploadForm(request, storage, {
      kind: 'attachment',
      fileField: ['attachments[]', 'attachments'],
      fields: [],
      maxFiles: MAX_ATTACHMENTS_PER_UPLOAD,
      tooManyFiles: TOO_MANY_FILES(MAX_ATTACHMENTS_PER_UPLOAD),
      permission: () => caller.calendar.checkUpload(),
    });
    try {
      return reply.code(201).send(await caller.calendar.upload(untrusted({ files })));
    } finally {
      for (const file of files) await storage.discard(file);
    }
  });

  app.post('/calendar', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return reply.code(201).send(await caller.calendar.create(untrusted(request.body ?? {})));
  });

  app.put<IdParams>('/calendar/:id', async (request, reply) => {
    const caller = await callerFor(request, reply);
    const body = typeof request.body === 'object' && request.body !== null ? request.body : {};
    return caller.calendar.update(untrusted({ ...body, id: request.params.id }));
  });

  // `?scope=following` or `all` for an occurrence of a series; without it one occurrence is cancelled.
  app.delete<IdParams & { Querystring: { scope?: string } }>('/calendar/:id', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return caller.calendar.delete(untrusted({ id: request.params.id, scope: request.query.scope }));
  });
};
