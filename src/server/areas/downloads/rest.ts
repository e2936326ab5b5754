import type { FastifyPluginAsync } from 'fastify';
import { sendCached, sharedReadRoute } from '../../http/public-cache.ts';
import { untrusted, type RestOptions } from '../../http/rest.ts';
import { readUploadForm, uploadRoute } from '../../storage/multipart.ts';
import { legacyDownload, type DownloadView } from './queries.ts';

type IdParams = { Params: { id: string } };

/**
 * The paths of SPEC §7 answer a download with the fields they always had (`legacyDownload`);
 * title and description are read and edited through tRPC (downloads.list, downloads.update).
 */
export const downloadsRest: FastifyPluginAsync<RestOptions> = async (app, { callerFor }) => {
  const { storage } = app.services;

  app.get('/public/downloads', sharedReadRoute(), async (request, reply) => {
    const caller = await callerFor(request, reply);
    return sendCached(request, reply, await caller.downloads.publicList(), 'list', (data: readonly DownloadView[]) => ({ data: data.map(legacyDownload) }));
  });

  app.get('/downloads', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return { data: (await caller.downloads.list()).map(legacyDownload) };
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
      const { message, data } = await caller.downloads.create(untrusted({ file: form.file }));
      return reply.code(201).send({ message, data: legacyDownload(data) });
    } finally {
      await storage.discard(form.file);
    }
  });

  app.delete<IdParams>('/downloads/:id', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return caller.downloads.delete(untrusted({ id: request.params.id }));
  });
};
