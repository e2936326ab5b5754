import { createHash, randomBytes } from 'node:crypto';

/**
 * Secrets carried in a link (DESIGN §10): password-reset links, duty feeds, unsubscribe
 * links, sign-up links, course tickets. 256 random bits, of which only a SHA-256 is stored:
 * with that much randomness a plain hash is as safe to keep as bcrypt would be, and finding
 * the row costs one indexed lookup by the hash. The lookup compares hashes, never the token,
 * so its timing tells nothing about a valid token. Expiry and revocation live in each row.
 */

/** A new token: 43 characters of base64url, safe in a path, a query string and a fragment. */
export function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The stored form of a token. `purpose` separates the kinds of link, so that a token of one
 * kind can never be taken for another even if both were stored in one table; `null` only
 * for the password-reset links, whose hashes were stored without one before this helper.
 */
export function linkTokenHash(purpose: string | null, token: string): string {
  return createHash('sha256')
    .update(purpose === null ? token : `${purpose}\u0000${token}`)
    .digest('hex');
}

/** What `newLinkToken` makes; anything else is refused before the database is asked. */
export const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function isLinkToken(value: string): boolean {
  return LINK_TOKEN_PATTERN.test(value);
}
