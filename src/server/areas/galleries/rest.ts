import type { FastifyPluginAsync } from 'fastify';
import { albumListInput, imageListInput, MAX_IMAGES_PER_UPLOAD, tooManyImagesMessage } from '../../../shared/schemas/galleries.ts';
import { sendCached, sharedReadRoute } from '../../http/public-cache.ts';
import { untrusted, type RestOptions } from '../../http/rest.ts';
import { readUploadForm, uploadRoute } from '../../storage/multipart.ts';

type IdParams = { Params: { id: string } };
type AlbumQuery = { Querystring: { section?: string } };
type ImageQuery = { Querystring: { album_id?: string; section?: string } };

const body = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {});

/** Query parameters that were given, as the procedure's input (none: undefined, the whole list). */
function queryInput(query: Record<string, string | undefined>): unknown {
  const given = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined));
  return Object.keys(given).length === 0 ? undefined : given;
}

/** Albums and images of SPEC §7; public reads answer from the PublicCache. */
export const galleriesRest: FastifyPluginAsync<RestOptions> = async (app, { callerFor }) => {
  const { storage } = app.services;

  app.get<AlbumQuery>('/public/albums', sharedReadRoute(albumListInput), async (request, reply) => {
    const caller = await callerFor(request, reply);
    const albums = await caller.galleries.publicAlbums(untrusted(queryInput({ section: request.query.section })));
    return sendCached(request, reply, albums, 'list', (data) => ({ data }));
  });

  app.get<ImageQuery>('/public/images', sharedReadRoute(imageListInput), async (request, reply) => {
    const caller = await callerFor(request, reply);
    const { album_id, section } = request.query;
    const images = await caller.galleries.publicImages(untrusted(queryInput({ album_id, section })));
    return sendCached(request, reply, images, 'list', (data) => ({ data }));
  });

  app.get<AlbumQuery>('/albums', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return { data: await caller.galleries.albums(untrusted(queryInput({ section: request.query.section }))) };
  });

  app.post('/albums', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return reply.code(201).send(await caller.galleries.createAlbum(untrusted(body(request.body))));
  });

  app.put<IdParams>('/albums/:id', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return caller.galleries.updateAlbum(untrusted({ ...body(request.body), id: request.params.id }));
  });

  app.delete<IdParams>('/albums/:id', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return caller.galleries.deleteAlbum(untrusted({ id: request.params.id }));
  });

  app.get<ImageQuery>('/images', async (request, reply) => {
    const caller = await callerFor(request, reply);
    const { album_id, section } = request.query;
    return { data: await caller.galleries.images(untrusted(queryInput({ album_id, section }))) };
  });

  /**
   * Multipart section, album_id, files[] (SPEC §7), several images in one request. Each is
   * turned into its two WebP files as it arrives, one after the other. A file that is
   * refused (type, size, unreadable) does not stop the others: 201 names it in `failed`.
   */
  await uploadRoute(app, '/images', async (request, reply) => {
    const caller = await callerFor(request, reply);
    const form = await readUploadForm(request, storage, {
      kind: 'image',
      fileField: ['files[]', 'files'],
      fields: ['section', 'album_id'],
      maxFiles: MAX_IMAGES_PER_UPLOAD,
      keepGoing: true,
      tooManyFiles: tooManyImagesMessage(),
      permission: () => caller.galleries.checkUpload({}),
      beforeFile: (fields) => caller.galleries.checkUpload(untrusted(fields)),
    });
    const failed = form.failed.map(({ name, error }) => ({ name, message: error.message, code: error.code }));
    try {
      return reply.code(201).send(await caller.galleries.createImages(untrusted({ ...form.fields, files: form.files, failed })));
    } finally {
      for (const file of form.files) await storage.discard(file);
    }
  });

  app.put<IdParams>('/images/:id', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return caller.galleries.updateImage(untrusted({ ...body(request.body), id: request.params.id }));
  });

  app.delete<IdParams>('/images/:id', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return caller.galleries.deleteImage(untrusted({ id: request.params.id }));
  });
};
