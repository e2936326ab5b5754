import type { FastifyPluginAsync } from 'fastify';
import { resultListInput } from '../../../shared/schemas/files.ts';
import { sendCached, sharedReadRoute } from '../../http/public-cache.ts';
import { untrusted, type RestOptions } from '../../http/rest.ts';
import { readUploadForm, uploadRoute } from '../../storage/multipart.ts';

type IdParams = { Params: { id: string } };
type ListQuery = { Querystring: { section?: string } };

/** An optional `?section=gun|arch|blowpipe` narrows the list. */
const listInput = (query: { section?: string }) => untrusted<undefined>(query.section === undefined ? undefined : { section: query.section });

export const resultsRest: FastifyPluginAsync<RestOptions> = async (app, { callerFor }) => {
  const { storage } = app.services;

  app.get<ListQuery>('/public/results', sharedReadRoute(resultListInput), async (request, reply) => {
    const caller = await callerFor(request, reply);
    return sendCached(request, reply, await caller.results.publicList(listInput(request.query)), 'list', (data) => ({ data }));
  });

  app.get<ListQuery>('/results', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return { data: await caller.results.list(listInput(request.query)) };
  });

  // Multipart section, internal (0/1), file (SPEC §7), in any order.
  await uploadRoute(app, '/results', async (request, reply) => {
    const caller = await callerFor(request, reply);
    const form = await readUploadForm(request, storage, {
      kind: 'result',
      fileField: 'file',
      fields: ['section', 'internal'],
      permission: () => caller.results.checkUpload({}),
      beforeFile: (fields) => caller.results.checkUpload(untrusted(fields)),
    });
    try {
      return reply.code(201).send(await caller.results.create(untrusted({ ...form.fields, file: form.file })));
    } finally {
      await storage.discard(form.file);
    }
  });

  app.delete<IdParams>('/results/:id', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return caller.results.delete(untrusted({ id: request.params.id }));
  });
};
