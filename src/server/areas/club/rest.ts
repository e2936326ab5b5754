import type { FastifyPluginAsync } from 'fastify';
import { untrusted, type RestOptions } from '../../http/rest.ts';

/**
 * The club data of the back office (issue 18): GET /api/club (dashboard_view), PUT
 * /api/club with every field (dashboard_update), GET /api/club/checklist (dashboard_update);
 * the course's facts (issue 26.1): GET /api/club/course (dashboard_view), PUT
 * /api/club/course with all of them (dashboard_update); likewise the range's facts at
 * /api/club/range, the home page's texts at /api/club/home, the About carousel's captions
 * at /api/club/about.
 */
export const clubRest: FastifyPluginAsync<RestOptions> = async (app, { callerFor }) => {
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

  app.get('/club/checklist', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return { data: await caller.club.checklist() };
  });
};
