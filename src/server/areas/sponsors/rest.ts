import type { FastifyPluginAsync } from 'fastify';
import { sendCached, sharedReadRoute } from '../../http/public-cache.ts';
import { untrusted, type RestOptions } from '../../http/rest.ts';
import { readUploadForm, uploadRoute } from '../../storage/multipart.ts';

type IdParams = { Params: { id: string } };

export const sponsorsRest: FastifyPluginAsync<RestOptions> = async (app, { callerFor }) => {
  const { storage } = app.services;

  app.get('/public/sponsors', sharedReadRoute(), async (request, reply) => {
    const caller = await callerFor(request, reply);
    return sendCached(request, reply, await caller.sponsors.publicList(), 'list', (data) => ({ data }));
  });

  app.get('/sponsors', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return { data: await caller.sponsors.list() };
  });

  // Multipart name, url, logo (SPEC §7), in any order.
  await uploadRoute(app, '/sponsors', async (request, reply) => {
    const caller = await callerFor(request, reply);
    const form = await readUploadForm(request, storage, {
      kind: 'logo',
      fileField: 'logo',
      fields: ['name', 'url'],
      permission: () => caller.sponsors.checkUpload({}),
      beforeFile: (fields) => caller.sponsors.checkUpload(untrusted(fields)),
    });
    try {
      return reply.code(201).send(await caller.sponsors.create(untrusted({ ...form.fields, logo: form.file })));
    } finally {
      await storage.discard(form.file);
    }
  });

  app.delete<IdParams>('/sponsors/:id', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return caller.sponsors.delete(untrusted({ id: request.params.id }));
  });
};
