import type { FastifyPluginAsync } from 'fastify';
import { untrusted, type RestOptions } from '../../http/rest.ts';
import { readUploadForm, uploadRoute } from '../../storage/multipart.ts';

/**
 * The one REST route of the news: a picture for an article (multipart `file`), which tRPC
 * cannot carry. It goes through the upload pipeline as gallery pictures do (type sniffed,
 * WebP display version and thumbnail, orientation applied, metadata stripped) and gets a
 * 1200 px wide JPEG for shared links and the feed.
 */
export const newsRest: FastifyPluginAsync<RestOptions> = async (app, { callerFor }) => {
  const { storage } = app.services;

  await uploadRoute(app, '/news/pictures', async (request, reply) => {
    const caller = await callerFor(request, reply);
    const form = await readUploadForm(request, storage, {
      kind: 'image',
      fileField: 'file',
      fields: [],
      permission: () => caller.news.checkUpload(),
    });
    try {
      return reply.code(201).send(await caller.news.createPicture(untrusted({ file: form.file })));
    } finally {
      for (const file of form.files) await storage.discard(file);
    }
  });
};
