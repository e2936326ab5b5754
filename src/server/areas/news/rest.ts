import type { FastifyPluginAsync } from 'fastify';
import { untrusted, type RestOptions } from '../../http/rest.ts';
import { readUploadForm, uploadRoute } from '../../storage/multipart.ts';

/**
 * The one REST route of the news: a picture for an article (multipart `file`), which tRPC
 * cannot carry. It goes through the one image pipeline (type sniffed, the files of the
 * recipe 'newsPicture' in renditions.ts: WebP display version, thumbnail and 800 px
 * version, a 1200 px JPEG for shared links and the feed; orientation applied, metadata
 * stripped).
 */
export const newsRest: FastifyPluginAsync<RestOptions> = async (app, { callerFor }) => {
  const { storage } = app.services;

  await uploadRoute(app, '/news/pictures', async (request, reply) => {
    const caller = await callerFor(request, reply);
    const form = await readUploadForm(request, storage, {
      kind: 'newsPicture',
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
