import type { FastifyInstance } from 'fastify';
import { authRest } from '../areas/auth/rest.ts';
import type { RestOptions } from './rest.ts';

/** The REST shim of SPEC §7, one plugin per area, all under /api. */
export async function registerRestRoutes(api: FastifyInstance, options: RestOptions): Promise<void> {
  await api.register(authRest, options);
}
