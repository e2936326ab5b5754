import type { FastifyInstance } from 'fastify';
import { authRest } from '../areas/auth/rest.ts';
import { calendarRest } from '../areas/calendar/rest.ts';
import { clubRest } from '../areas/club/rest.ts';
import { contactRest } from '../areas/contact/rest.ts';
import { contentRest } from '../areas/content/rest.ts';
import { downloadsRest } from '../areas/downloads/rest.ts';
import { galleriesRest } from '../areas/galleries/rest.ts';
import { newsRest } from '../areas/news/rest.ts';
import { resultsRest } from '../areas/results/rest.ts';
import { sponsorsRest } from '../areas/sponsors/rest.ts';
import { hostsRest } from '../areas/hosts/rest.ts';
import { dutiesRest } from '../areas/duties/rest.ts';
import { groupsRest } from '../areas/groups/rest.ts';
import { logRest } from '../areas/log/rest.ts';
import { usersRest } from '../areas/users/rest.ts';
import { messagesRest } from '../areas/messages/rest.ts';
import { registrationsRest } from '../areas/registrations/rest.ts';
import { parcoursRest } from '../areas/parcours/rest.ts';
import type { RestOptions } from './rest.ts';

/** The REST shim of SPEC §7, one plugin per area, all under /api. */
export async function registerRestRoutes(api: FastifyInstance, options: RestOptions): Promise<void> {
  await api.register(authRest, options);
  await api.register(usersRest, options);
  await api.register(groupsRest, options);
  await api.register(logRest, options);
  await api.register(contentRest, options);
  await api.register(clubRest, options);
  await api.register(parcoursRest, options);
  await api.register(contactRest, options);
  await api.register(messagesRest, options);
  await api.register(downloadsRest, options);
  await api.register(sponsorsRest, options);
  await api.register(resultsRest, options);
  await api.register(galleriesRest, options);
  await api.register(newsRest, options);
  await api.register(calendarRest, options);
  await api.register(hostsRest, options);
  await api.register(dutiesRest, options);
  await api.register(registrationsRest, options);
}
