import type { AppServices } from '../services.ts';
import { describePrincipal, type Principal } from '../areas/auth/principal.ts';
import { ANONYMOUS_ACTOR } from '../areas/log/server-log.ts';

export interface RequestInfo {
  address: string;
  userAgent: string;
}

/** Lets a procedure set or clear the session cookie without knowing about HTTP. */
export interface SessionCookies {
  set(token: string): void;
  clear(): void;
}

export interface Context {
  services: AppServices;
  user: Principal | null;
  /** The session behind the request, when it came with the cookie. */
  sessionId: string | null;
  request: RequestInfo;
  cookies: SessionCookies;
  /** Writes a line to the server log in the name of whoever is asking. */
  log(message: string): Promise<void>;
}

export interface ContextOptions {
  services: AppServices;
  user?: Principal | null;
  sessionId?: string | null;
  request?: Partial<RequestInfo>;
  cookies?: SessionCookies;
}

const noCookies: SessionCookies = { set() {}, clear() {} };

/** Shared by tRPC, the REST shim and tests (they pass a user directly). */
export function createContextInner(options: ContextOptions): Context {
  const user = options.user ?? null;
  const services = options.services;
  return {
    services,
    user,
    sessionId: options.sessionId ?? null,
    request: { address: options.request?.address ?? '127.0.0.1', userAgent: options.request?.userAgent ?? '' },
    cookies: options.cookies ?? noCookies,
    log: (message) => services.serverLog.write(user ? describePrincipal(user) : ANONYMOUS_ACTOR, message),
  };
}
