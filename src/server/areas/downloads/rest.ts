import type { FastifyPluginAsync } from 'fastify';
import { sendCached, sharedReadRoute } from '../../http/public-cache.ts';
import { untrusted, type RestOptions } from '../../http/rest.ts';
import { readUploadForm, uploadRoute } from '../../storage/multipart.ts';

type IdParams = { Params: { id: string } };

export const downloadsRest: FastifyPluginAsync<RestOptions> = async (app, { callerFor }) => {
  const { storage } = app.services;

  app.get('/public/downloads', sharedReadRoute(), async (request, reply) => {
    const caller = await callerFor(request, reply);
    return sendCached(request, reply, await caller.downloads.publicList(), 'list', (data) => ({ data }));
  });

  app.get('/downloads', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return { data: await caller.downloads.list() };
  });

  // Multipart `file`, any type (SPEC §7). The procedure decides permission and writes the row.
  await uploadRoute(app, '/downloads', async (request, reply) => {
    const caller = await callerFor(request, reply);
    const form = await readUploadForm(request, storage, {
      kind: 'download',
      fileField: 'file',
      fields: [],
      permission: () => caller.downloads.checkUpload(),
    });
    try {
      return reply.code(201).send(await caller.downloads.create(untrusted({ file: form.file })));
    } finally {
      await storage.discard(form.file);
    }
  });

  app.delete<IdParams>('/downloads/:id', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return caller.downloads.delete(untrusted({ id: request.params.id }));
  });
};
