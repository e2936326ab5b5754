import type { FastifyPluginAsync } from 'fastify';
import { sendCached, sharedReadRoute } from '../../http/public-cache.ts';
import { untrusted, type RestOptions } from '../../http/rest.ts';

type AppointmentParams = { Params: { appointmentId: string } };
type RegistrationParams = { Params: { appointmentId: string; id: string } };

const bodyOf = (body: unknown): Record<string, unknown> => (typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {});

/**
 * Sign-ups for programs (issue 29.7), the same procedures as the site:
 * - `GET /api/public/registrations/{appointmentId}`: the form and the free places (public)
 * - `POST /api/public/registrations/{appointmentId}`: sign up (public, honeypot and limit per network)
 * - `GET /api/registrations/{appointmentId}`: the list with all fields (calendar_view)
 * - `PUT /api/registrations/{appointmentId}`: open or change sign-ups (calendar_update; `confirm` when places move)
 * - `DELETE /api/registrations/{appointmentId}`: close and delete every sign-up (calendar_update)
 * - `POST /api/registrations/{appointmentId}`: add a participant by hand (calendar_update)
 * - `GET|PUT|DELETE /api/registrations/{appointmentId}/{id}`: one sign-up; change; cancel
 */
export const registrationsRest: FastifyPluginAsync<RestOptions> = async (app, { callerFor }) => {
  app.get<AppointmentParams>('/public/registrations/:appointmentId', sharedReadRoute(), async (request, reply) => {
    const caller = await callerFor(request, reply);
    const info = await caller.registrations.publicInfo(untrusted({ appointmentId: request.params.appointmentId }));
    return sendCached(request, reply, info, 'one', (data) => ({ data }));
  });

  app.post<AppointmentParams>('/public/registrations/:appointmentId', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return reply.code(201).send(await caller.registrations.signup(untrusted({ ...bodyOf(request.body), appointmentId: request.params.appointmentId })));
  });

  app.get<AppointmentParams>('/registrations/:appointmentId', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return caller.registrations.list(untrusted({ appointmentId: request.params.appointmentId }));
  });

  app.put<AppointmentParams>('/registrations/:appointmentId', async (request, reply) => {
    const caller = await callerFor(request, reply);
    const { confirm, ...settings } = bodyOf(request.body);
    return caller.registrations.configure(untrusted({ appointmentId: request.params.appointmentId, settings, confirm: confirm === true || confirm === 1 || confirm === '1' }));
  });

  app.delete<AppointmentParams>('/registrations/:appointmentId', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return caller.registrations.remove(untrusted({ appointmentId: request.params.appointmentId }));
  });

  app.post<AppointmentParams>('/registrations/:appointmentId', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return reply.code(201).send(await caller.registrations.add(untrusted({ ...bodyOf(request.body), appointmentId: request.params.appointmentId })));
  });

  app.get<RegistrationParams>('/registrations/:appointmentId/:id', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return caller.registrations.get(untrusted({ appointmentId: request.params.appointmentId, id: request.params.id }));
  });

  app.put<RegistrationParams>('/registrations/:appointmentId/:id', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return caller.registrations.update(untrusted({ ...bodyOf(request.body), appointmentId: request.params.appointmentId, id: request.params.id }));
  });

  app.delete<RegistrationParams>('/registrations/:appointmentId/:id', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return caller.registrations.cancel(untrusted({ appointmentId: request.params.appointmentId, id: request.params.id }));
  });
};
