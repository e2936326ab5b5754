import type { FastifyPluginAsync } from 'fastify';
import { untrusted, type RestOptions } from '../../http/rest.ts';
import { readUploadForm, uploadRoute } from '../../storage/multipart.ts';

/**
 * The club data of the back office (issue 18): GET /api/club (dashboard_view), PUT
 * /api/club with every field (dashboard_update), GET /api/club/checklist (dashboard_update);
 * the course's facts (issue 26.1): GET /api/club/course (dashboard_view), PUT
 * /api/club/course with all of them (dashboard_update); likewise the range's facts at
 * /api/club/range, the home page's texts at /api/club/home, the About carousel's captions
 * at /api/club/about; the logo and the home picture (issue 26.3): GET /api/club/pictures
 * (dashboard_view), POST /api/club/logo (multipart `file`), POST /api/club/picture
 * (multipart `file` and `alt`), PUT /api/club/picture with `alt`, DELETE /api/club/logo and
 * /api/club/picture (dashboard_update).
 */
export const clubRest: FastifyPluginAsync<RestOptions> = async (app, { callerFor }) => {
  const { storage } = app.services;
  app.get('/club', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return { data: await caller.club.data() };
  });

  app.put('/club', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return caller.club.update(untrusted(request.body));
  });

  app.get('/club/course', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return { data: await caller.club.courseFacts() };
  });

  app.put('/club/course', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return caller.club.updateCourseFacts(untrusted(request.body));
  });

  app.get('/club/range', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return { data: await caller.club.rangeFacts() };
  });

  app.put('/club/range', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return caller.club.updateRangeFacts(untrusted(request.body));
  });

  app.get('/club/home', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return { data: await caller.club.homeTexts() };
  });

  app.put('/club/home', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return caller.club.updateHomeTexts(untrusted(request.body));
  });

  app.get('/club/about', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return { data: await caller.club.aboutCaptions() };
  });

  app.put('/club/about', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return caller.club.updateAboutCaptions(untrusted(request.body));
  });

  app.get('/club/pictures', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return { data: await caller.club.pictureSettings() };
  });

  await uploadRoute(app, '/club/logo', async (request, reply) => {
    const caller = await callerFor(request, reply);
    const form = await readUploadForm(request, storage, {
      kind: 'clubLogo',
      fileField: 'file',
      fields: [],
      permission: () => caller.club.checkPictureUpload({}),
    });
    try {
      return reply.code(201).send(await caller.club.uploadLogo(untrusted({ file: form.file })));
    } finally {
      await storage.discard(form.file);
    }
  });

  await uploadRoute(app, '/club/picture', async (request, reply) => {
    const caller = await callerFor(request, reply);
    const form = await readUploadForm(request, storage, {
      kind: 'homePicture',
      fileField: 'file',
      fields: ['alt'],
      permission: () => caller.club.checkPictureUpload({}),
      // An alternative text sent before the file is checked before the file is stored.
      beforeFile: (fields) => caller.club.checkPictureUpload(untrusted(fields)),
    });
    try {
      return reply.code(201).send(await caller.club.uploadHomePicture(untrusted({ ...form.fields, file: form.file })));
    } finally {
      await storage.discard(form.file);
    }
  });

  app.put('/club/picture', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return caller.club.updateHomePictureAlt(untrusted(request.body));
  });

  app.delete('/club/logo', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return caller.club.removePicture({ role: 'logo' });
  });

  app.delete('/club/picture', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return caller.club.removePicture({ role: 'home' });
  });

  app.get('/club/checklist', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return { data: await caller.club.checklist() };
  });
};
