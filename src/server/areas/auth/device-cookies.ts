import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/connection.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { cookieNameFor, DEVICE_COOKIE } from '../../../shared/browserData.ts';
import { isShooterNumber } from '../../../shared/schemas/fields.ts';

/**
 * Like the session cookie: under https only with the __Host- prefix (Secure, whole site, no
 * Domain). Name and lifetime live where the privacy page's list takes them from (src/shared/browserData.ts).
 */
export function deviceCookieName(secure: boolean): string {
  return cookieNameFor(DEVICE_COOKIE, secure);
}

/** The row of `server_secrets` (migration 0010) that signs device cookies. */
const SECRET_NAME = 'device_cookie';

/**
 * Device cookies of OWASP's "Slow Down Online Guessing Attacks with Device Cookies": on a
 * successful login the browser gets `<random id>.<HMAC of shooter number and id>`, signed
 * with a secret only the server knows. Presented again with a login for that number, it
 * says "this browser has logged in as this member before": such a browser is exempt from
 * the lock of the number that many failures from everywhere set (login-limits.ts), so
 * nobody can lock the rightful member out by guessing on purpose.
 *
 * The shooter number is bound inside the signature but not written in the cookie: the
 * cookie outlives the logout by a year, and whoever reads it (a shared computer, a
 * browser's cookie list) must not learn whose number logged in there. The server needs no
 * row per cookie, since every login names the number to check the signature against.
 * Cookies of the earlier form `<number>.<id>.<HMAC>` no longer count.
 *
 * The secret is generated once per database and kept there: every instance signs and
 * checks alike, and a restart keeps all cookies valid. Loaded once per app.
 */
export class DeviceCookies {
  readonly #db: Db;
  #secret: Promise<Buffer> | undefined;

  constructor(db: Db) {
    this.#db = db;
  }

  /** A new cookie value for a browser that has just logged in as `uid`. */
  async issue(uid: string): Promise<string> {
    const id = randomBytes(16).toString('base64url');
    return `${id}.${this.#sign(await this.#loadSecret(), uid, id)}`;
  }

  /**
   * The device id of a valid cookie issued for `uid`, or null: no cookie, a cookie of
   * another number (its signature does not match this one), one made up or altered, or
   * one of the earlier form.
   */
  async deviceOf(value: string | undefined, uid: string): Promise<string | null> {
    if (!value) return null;
    const [id, mac, ...rest] = value.split('.');
    if (rest.length > 0 || !isShooterNumber(uid) || !id || !mac || !/^[A-Za-z0-9_-]{22}$/.test(id)) return null;
    const expected = Buffer.from(this.#sign(await this.#loadSecret(), uid, id));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
  }

  #sign(secret: Buffer, uid: string, id: string): string {
    return createHmac('sha256', secret).update(`${uid}.${id}`).digest('base64url');
  }

  #loadSecret(): Promise<Buffer> {
    this.#secret ??= readOrCreateSecret(this.#db).catch((error: unknown) => {
      // The database may be back on the next request.
      this.#secret = undefined;
      throw error;
    });
    return this.#secret;
  }
}

/** The secret of the database; the first instance to need it writes it, the others read that one. */
async function readOrCreateSecret(db: Db): Promise<Buffer> {
  const read = () => db.selectFrom('server_secrets').select('value').where('name', '=', SECRET_NAME).executeTakeFirst();
  let row = await read();
  if (!row) {
    try {
      await db.insertInto('server_secrets').values({ name: SECRET_NAME, value: randomBytes(32).toString('hex') }).execute();
    } catch (error) {
      // Another instance wrote it first: theirs counts.
      if (!isUniqueViolation(error)) throw error;
    }
    row = await read();
    if (!row) throw new Error('the device cookie secret could not be stored');
  }
  return Buffer.from(row.value, 'hex');
}
