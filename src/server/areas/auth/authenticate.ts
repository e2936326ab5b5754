import type { AppServices } from '../../services.ts';
import { AppError } from '../../errors.ts';
import { networkOf } from '../../http/network.ts';
import { isShooterNumber } from '../../../shared/schemas/fields.ts';
import { CURRENT_PASSWORD_MESSAGES } from '../../../shared/schemas/users.ts';
import { CredentialCache } from './credential-cache.ts';
import {
  attemptColumn,
  checkLoginLimits,
  clearFailedLogins,
  forgetLoginAttempt,
  recordLoginAttempt,
  tooManyAttempts,
  type DevicePath,
  type ExceededLoginLimit,
  type LoginClient,
} from './login-limits.ts';
import { appPasswordExists, findAppPassword, touchAppPassword } from './app-passwords.ts';
import { findUserWithHash, principalOf, type AuthenticatedVia, type Principal, type UserWithHash } from './principal.ts';
import { acceptCode, type CodeKind } from './second-factor.ts';
import { sendSecurityNotice } from './security-notices.ts';
import { findLiveSession } from './sessions.ts';

export const WRONG_CREDENTIALS_MESSAGE = 'Schützennummer oder Passwort ist falsch.';

export interface VerifiedCredentials {
  principal: Principal;
  /** The hash the password matched, for the credential cache to compare later. */
  passwordHash: string;
  /** The member has a second factor: the login needs their code before it opens a session. */
  secondFactor: boolean;
}

/** Where a password is presented from: the client's address and the raw device cookie, if any. */
export interface PasswordClient {
  address: string;
  deviceCookie?: string | undefined;
}

/** How a refused or excused attempt names its address in the log: with the network it counted as, when that differs. */
function fromWhere(address: string, network: string): string {
  return network === address ? `von ${address}` : `von ${address} (Netz ${network})`;
}

/**
 * What a refused login writes to the log, and the key under which it is written once per
 * window: the scope of the limit that refused it (and, for the number, the path of the
 * browser), so that neither one network trying many shooter numbers nor many networks
 * trying one write a line per request.
 */
function refusalEntry(limit: ExceededLoginLimit, device: DevicePath, client: LoginClient, address: string): { key: string; message: string } {
  const [storedUid, storedNetwork] = [attemptColumn(client.uid), attemptColumn(client.network)];
  const where = fromWhere(address, client.network);
  switch (limit) {
    case 'address':
      return {
        key: `login refused\naddress\n${storedNetwork}`,
        message: `Anmeldung gesperrt (zu viele Fehlversuche von dieser Adresse) ${where}`,
      };
    case 'uidAndAddress':
      return {
        key: `login refused\nuid and address\n${storedUid}\n${storedNetwork}`,
        message: `Anmeldung gesperrt (zu viele Fehlversuche) ${where}`,
      };
    case 'uid': {
      const path = device === 'overLimit' ? 'bekanntes Gerät über seinem eigenen Limit' : 'unbekanntes Gerät';
      return {
        key: `login refused\nuid\n${storedUid}\n${device}`,
        message: `Anmeldung gesperrt (zu viele Fehlversuche dieser Schützennummer von allen Adressen; ${path}) ${where}`,
      };
    }
  }
}

/** What a check of a login attempt found: the member proved it (and whether that forgives earlier failures), or not. */
type Outcome<T> = { ok: true; value: T; forgive: boolean } | { ok: false; logMessage?: string };

/**
 * Books one attempt to prove who one is as `uid` under the limits on failed attempts (429
 * when one is reached) and runs `check` on the member's row (undefined for an unknown
 * number: the check must take as long then). Returns the check's value when it passed;
 * null when it failed, and then the attempt stays booked as a failure. A pass that does
 * not `forgive` (a password whose code is still to come) stays booked too, so guessing
 * codes behind a known password is limited like guessing passwords.
 */
async function attemptLogin<T>(
  services: AppServices,
  uid: string,
  from: PasswordClient,
  failure: string,
  check: (user: UserWithHash | undefined) => Promise<Outcome<T>>,
): Promise<T | null> {
  const { db, clock, loginLimits, serverLog } = services;
  const nowMs = clock.now().getTime();
  const shownUid = uid.slice(0, 16);
  const client: LoginClient = { uid, network: networkOf(from.address), device: await services.devices.deviceOf(from.deviceCookie, uid) };
  // Booked first and kept as a failure unless the password turns out right.
  const attemptId = await recordLoginAttempt(db, client, nowMs);
  const verdict = await checkLoginLimits(db, loginLimits, client, nowMs, attemptId);
  const where = fromWhere(from.address, client.network);
  if (verdict.device === 'overLimit') {
    await serverLog.writeOnce(
      `login device over limit\n${client.device}`,
      `Schützennummer ${shownUid}`,
      `Bekanntes Gerät nach zu vielen Fehlversuchen bis zum Ende der Sperrfrist wie ein unbekanntes behandelt ${where}`,
      loginLimits.windowMs,
    );
  }
  if (verdict.exceeded) {
    await forgetLoginAttempt(db, attemptId);
    const entry = refusalEntry(verdict.exceeded, verdict.device, client, from.address);
    await serverLog.writeOnce(entry.key, `Schützennummer ${shownUid}`, entry.message, loginLimits.windowMs);
    throw tooManyAttempts(loginLimits);
  }
  const user = await findUserWithHash(db, { uid });
  const outcome = await check(user);
  if (!outcome.ok) {
    await serverLog.write(`Schützennummer ${shownUid}`, `${outcome.logMessage ?? failure} ${where}${verdict.device === 'known' ? ' (bekanntes Gerät)' : ''}`);
    return null;
  }
  if (verdict.uidLocked) {
    // The number is locked for everyone else: which path let this one in belongs in the log.
    await serverLog.writeOnce(
      `login device exempt\n${attemptColumn(uid)}\n${client.device}`,
      `Schützennummer ${shownUid}`,
      `Anmeldung trotz Sperre der Schützennummer erlaubt (bekanntes Gerät) ${where}`,
      loginLimits.windowMs,
    );
  }
  if (outcome.forgive) await clearFailedLogins(db, loginLimits, client, nowMs);
  return outcome.value;
}

/** The account password of the member (bcrypt; an unknown number takes as long). */
async function passwordMatches(services: AppServices, user: UserWithHash | undefined, password: string): Promise<boolean> {
  const valid = await services.passwords.verify(password, user?.password_hash ?? services.passwords.unknownUserHash);
  return valid && user !== undefined;
}

/** Books and checks the account password of `uid`: the member when it is right, else null. */
async function attemptPassword(services: AppServices, uid: string, password: string, from: PasswordClient, failure: string) {
  return attemptLogin(services, uid, from, failure, async (user) =>
    user && (await passwordMatches(services, user, password))
      ? // With a second factor the password alone proves nothing yet: its failures stay counted until the code.
        { ok: true, value: user, forgive: !user.second_factor }
      : { ok: false },
  );
}

/**
 * Checks a shooter number and password with the limits on failed attempts; every
 * outcome is logged without the password. Returns the member on success; with
 * `secondFactor`, the login still needs the member's code (auth.loginCode).
 */
export async function verifyCredentials(services: AppServices, uid: string, password: string, from: PasswordClient): Promise<VerifiedCredentials> {
  const user = await attemptPassword(services, uid, password, from, 'Fehlgeschlagene Anmeldung');
  if (!user) throw new AppError('UNAUTHORIZED', WRONG_CREDENTIALS_MESSAGE);
  return { principal: principalOf(user, 'session'), passwordHash: user.password_hash, secondFactor: user.second_factor };
}

export const WRONG_CODE_MESSAGE = 'Der Code ist falsch oder wurde schon verwendet.';

/**
 * Wrong second-factor codes allowed per member within the window, from all networks
 * together (issue 25, point 7). The password step keeps its own limits, so reaching this
 * budget locks the code step only, and only until the window has passed.
 */
export const CODE_BUDGET = { perMember: 10, windowMs: 15 * 60 * 1000 } as const;

export const CODE_BUDGET_MESSAGE = (minutes: number) =>
  `Für diese Schützennummer wurden zu viele falsche Codes eingegeben. Bitte versuche es in ${minutes} Minuten erneut.`;

const codeBudgetMinutes = () => Math.ceil(CODE_BUDGET.windowMs / 60_000);

/**
 * Books a code attempt of the member before it is checked (parallel guesses see each
 * other) and answers 429 when the budget is spent. Returns the booking and how many wrong
 * codes came before it.
 */
async function bookCodeAttempt(services: AppServices, member: Pick<Principal, 'id' | 'uid'>, nowMs: number): Promise<{ id: number; earlier: number }> {
  const { db } = services;
  const since = nowMs - CODE_BUDGET.windowMs;
  await db.deleteFrom('code_failures').where('user_id', '=', member.id).where('failed_ms', '<=', since).execute();
  const booked = await db.insertInto('code_failures').values({ user_id: member.id, failed_ms: nowMs }).executeTakeFirstOrThrow();
  const id = Number(booked.insertId);
  const { n } = await db
    .selectFrom('code_failures')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', member.id)
    .where('failed_ms', '>', since)
    .where('id', '<', id)
    .executeTakeFirstOrThrow();
  const earlier = Number(n);
  if (earlier >= CODE_BUDGET.perMember) {
    await db.deleteFrom('code_failures').where('id', '=', id).execute();
    await services.serverLog.writeOnce(
      `code budget\n${member.id}`,
      `Schützennummer ${member.uid}`,
      `Code des zweiten Faktors abgelehnt: ${CODE_BUDGET.perMember} falsche Codes in ${codeBudgetMinutes()} Minuten`,
      CODE_BUDGET.windowMs,
    );
    throw new AppError('TOO_MANY_REQUESTS', CODE_BUDGET_MESSAGE(codeBudgetMinutes()));
  }
  return { id, earlier };
}

/**
 * The second step of a login: a code of the member's app or one of their recovery codes,
 * counted like a password (a wrong one is a failed attempt of the member's shooter
 * number; the limits answer 429) and against the member's own code budget
 * (CODE_BUDGET; its last wrong code tells the member by mail). Returns how the member
 * proved it, or null.
 */
export async function attemptSecondFactor(services: AppServices, member: Pick<Principal, 'id' | 'uid'>, code: string, from: PasswordClient): Promise<CodeKind | null> {
  const nowMs = services.clock.now().getTime();
  const booking = await bookCodeAttempt(services, member, nowMs);
  let wrong = false;
  try {
    return await attemptLogin<CodeKind>(services, member.uid, from, 'Falscher Code des zweiten Faktors bei der Anmeldung', async (user) => {
      const accepted = user?.id === member.id ? await acceptCode(services.db, member.id, code, nowMs) : null;
      wrong = accepted === null;
      return accepted ? { ok: true, value: accepted, forgive: true } : { ok: false };
    });
  } finally {
    // Only a wrong code stays booked (not one the login limits refused before it was checked).
    if (!wrong) await services.db.deleteFrom('code_failures').where('id', '=', booking.id).execute();
    else if (booking.earlier + 1 === CODE_BUDGET.perMember) {
      await sendSecurityNotice(services, member.id, [{ kind: 'codeBudget', count: CODE_BUDGET.perMember, minutes: codeBudgetMinutes() }], from.address);
    }
  }
}

/**
 * A logged-in member proves their current password before setting a new one: counted
 * like a login (a wrong one is a failed attempt, and the limits answer 429), answered
 * with the message under the field `current_password`.
 */
export async function confirmCurrentPassword(services: AppServices, member: Pick<Principal, 'id' | 'uid'>, password: string | undefined, from: PasswordClient): Promise<void> {
  if (password === undefined) throw AppError.field('current_password', CURRENT_PASSWORD_MESSAGES.missing);
  const user = await attemptLogin(services, member.uid, from, 'Falsches aktuelles Passwort bei einer Änderung am Zugang', async (found) =>
    found && (await passwordMatches(services, found, password)) ? { ok: true, value: found, forgive: true } : { ok: false },
  );
  if (user?.id !== member.id) throw AppError.field('current_password', CURRENT_PASSWORD_MESSAGES.wrong);
}

export interface RequestCredentials {
  authorization: string | undefined;
  sessionToken: string | undefined;
  /** The raw device cookie (device-cookies.ts), if the browser sent one. */
  deviceCookie?: string | undefined;
  address: string;
}

export interface Authentication {
  user: Principal | null;
  sessionId: string | null;
  /** The session's lifetime was extended: the cookie must be sent again with the new lifetime. */
  sessionExtended: boolean;
}

function parseBasic(header: string): { uid: string; password: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  const uid = decoded.slice(0, colon);
  // Nothing but a shooter number can be right: anything else is refused before the
  // database is asked or an attempt is booked.
  if (!isShooterNumber(uid)) return null;
  return { uid, password: decoded.slice(colon + 1) };
}

export const ACCOUNT_PASSWORD_REFUSED_MESSAGE =
  'Dieses Konto ist mit einem zweiten Faktor geschützt: Programme melden sich mit einem App-Passwort an (Meine Daten → App-Passwörter), nicht mit dem Kontopasswort.';

type BasicProof = { appPasswordId: number } | { passwordHash: string };

/**
 * Basic authentication takes an app password of the member or, without a second factor,
 * the account password. Verified credentials are remembered while they are used; a
 * remembered one is checked against what the database holds (the same password hash and
 * no second factor since, or the app password not revoked) at least once a second
 * (RECHECK_MS), and at once after a change through this instance.
 */
async function authenticateBasic(services: AppServices, uid: string, password: string, from: PasswordClient): Promise<Principal> {
  const { db, credentials } = services;
  const nowMs = services.clock.now().getTime();
  const key = CredentialCache.keyOf(uid, password);
  const cached = credentials.get(key, nowMs);
  if (cached) {
    const recent = credentials.recentPrincipal(cached, nowMs);
    if (recent) return recent;
    // The cache only spares bcrypt: the member must still exist with the same password.
    const current = await findUserWithHash(db, { id: cached.userId });
    if (current && cached.appPasswordId !== undefined && (await appPasswordExists(db, cached.appPasswordId, current.id))) {
      await touchAppPassword(db, cached.appPasswordId, nowMs);
      return credentials.confirm(key, principalOf(current, 'appPassword'), nowMs);
    }
    if (current && cached.passwordHash !== null && current.password_hash === cached.passwordHash && !current.second_factor) {
      return credentials.confirm(key, principalOf(current, 'password'), nowMs);
    }
    credentials.forgetUser(cached.userId);
  }
  const client = JSON.stringify([key, from.address, from.deviceCookie ?? null]);
  const { user, via } = await credentials.checkOnce(client, () => proveBasic(services, key, uid, password, from));
  return credentials.confirm(key, principalOf(user, via), nowMs);
}

/** Books and checks Basic credentials that are not remembered (bcrypt), and remembers them when they are right. */
async function proveBasic(services: AppServices, key: string, uid: string, password: string, from: PasswordClient): Promise<{ user: UserWithHash; via: AuthenticatedVia }> {
  const { db } = services;
  let refusedForSecondFactor = false;
  const proven = await attemptLogin<{ user: UserWithHash; proof: BasicProof }>(services, uid, from, 'Fehlgeschlagene Anmeldung', async (user) => {
    const appPasswordId = user ? await findAppPassword(db, user.id, password) : null;
    if (user && appPasswordId !== null) return { ok: true, value: { user, proof: { appPasswordId } }, forgive: true };
    if (!(await passwordMatches(services, user, password)) || !user) return { ok: false };
    if (!user.second_factor) return { ok: true, value: { user, proof: { passwordHash: user.password_hash } }, forgive: true };
    // Right, but a program cannot answer a code: it stays a failed attempt.
    refusedForSecondFactor = true;
    return { ok: false, logMessage: 'Anmeldung mit dem Kontopasswort über Basic-Authentifizierung abgelehnt (zweiter Faktor eingeschaltet, App-Passwort nötig)' };
  });
  if (!proven) throw new AppError('UNAUTHORIZED', refusedForSecondFactor ? ACCOUNT_PASSWORD_REFUSED_MESSAGE : WRONG_CREDENTIALS_MESSAGE);
  const { user, proof } = proven;
  const nowMs = services.clock.now().getTime();
  if ('appPasswordId' in proof) {
    await touchAppPassword(db, proof.appPasswordId, nowMs);
    services.credentials.set(key, user.id, null, nowMs, proof.appPasswordId);
    return { user, via: 'appPassword' };
  }
  services.credentials.set(key, user.id, proof.passwordHash, nowMs);
  return { user, via: 'password' };
}

/**
 * Who is asking: HTTP Basic for REST consumers, otherwise the session cookie. Wrong Basic
 * credentials are an error (401/429); a stale cookie simply means nobody is logged in.
 */
export async function authenticateRequest(services: AppServices, credentials: RequestCredentials): Promise<Authentication> {
  if (credentials.authorization) {
    const basic = parseBasic(credentials.authorization);
    if (!basic) throw new AppError('UNAUTHORIZED', WRONG_CREDENTIALS_MESSAGE);
    const from = { address: credentials.address, deviceCookie: credentials.deviceCookie };
    return { user: await authenticateBasic(services, basic.uid, basic.password, from), sessionId: null, sessionExtended: false };
  }
  if (credentials.sessionToken) {
    const session = await findLiveSession(services.db, credentials.sessionToken, services.clock.now().getTime());
    const member = session ? await findUserWithHash(services.db, { id: session.userId }) : undefined;
    if (session && member) return { user: principalOf(member, 'session'), sessionId: session.sessionId, sessionExtended: session.extended };
  }
  return { user: null, sessionId: null, sessionExtended: false };
}
