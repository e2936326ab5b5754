import type { AppServices } from '../services.ts';
import type { SharedRead } from '../http/public-cache.ts';
import { describePrincipal, type Principal } from '../areas/auth/principal.ts';
import { ANONYMOUS_ACTOR, REPEATED_EVENT_WINDOW_MS } from '../areas/log/server-log.ts';

/** How every refused access starts in the log. */
export const REFUSAL_PREFIX = 'Zugriff verweigert: ';

export interface RequestInfo {
  address: string;
  userAgent: string;
  /** The device cookie the browser sent (areas/auth/device-cookies.ts), unchecked. */
  deviceCookie?: string | undefined;
}

/** Lets a procedure set or clear the session cookie, and remember the device, without knowing about HTTP. */
export interface SessionCookies {
  set: (token: string) => void;
  clear: () => void;
  rememberDevice: (value: string) => void;
}

export interface Context {
  services: AppServices;
  user: Principal | null;
  /** The session behind the request, when it came with the cookie. */
  sessionId: string | null;
  request: RequestInfo;
  cookies: SessionCookies;
  /**
   * Set for a shared read (DESIGN §8), which is answered without asking who is asking: the
   * procedure names the cached value its answer is built from, so the kept answer expires
   * no later than that value.
   */
  sharedRead: Pick<SharedRead, 'builtFrom'> | null;
  /**
   * Writes a line to the server log in the name of whoever is asking. A refusal
   * (`REFUSAL_PREFIX`) is written once per member and text per window.
   */
  log: (message: string) => Promise<void>;
}

export interface ContextOptions {
  services: AppServices;
  user?: Principal | null;
  sessionId?: string | null;
  request?: Partial<RequestInfo>;
  cookies?: SessionCookies;
  sharedRead?: Pick<SharedRead, 'builtFrom'> | null;
}

const noCookies: SessionCookies = { set() {}, clear() {}, rememberDevice() {} };

/** Shared by tRPC, the REST shim and tests (they pass a user directly). */
export function createContextInner(options: ContextOptions): Context {
  const user = options.user ?? null;
  const services = options.services;
  const actor = user ? describePrincipal(user) : ANONYMOUS_ACTOR;
  return {
    services,
    user,
    sessionId: options.sessionId ?? null,
    request: { address: options.request?.address ?? '127.0.0.1', userAgent: options.request?.userAgent ?? '', deviceCookie: options.request?.deviceCookie },
    cookies: options.cookies ?? noCookies,
    sharedRead: options.sharedRead ?? null,
    // A member can repeat a refused request in a loop; one line per window tells the same story.
    // Decided here rather than at each caller, so no refusal anywhere can flood the log.
    log: (message) =>
      message.startsWith(REFUSAL_PREFIX)
        ? services.serverLog.writeOnce(`refusal\n${user ? `user ${user.id}` : ANONYMOUS_ACTOR}\n${message}`, actor, message, REPEATED_EVENT_WINDOW_MS)
        : services.serverLog.write(actor, message),
  };
}
